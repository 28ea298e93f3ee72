// The app's entry: mounts the shell, registers the service worker, listens for the offer
// to install, loads the library and takes over any training a previous visit left unfinished.
import { mount } from 'svelte';
import App from './App.svelte';
import { installer, library, pool, pwa, storage } from './state.ts';
import './app.css';

mount(App, { target: document.getElementById('app')! });

pwa.start();
installer.start(window);
void library.load();
void storage.refresh();
void pool.restore();
