// The app's entry: mounts the shell, registers the service worker, loads the library and
// takes over any training a previous visit left unfinished.
import { mount } from 'svelte';
import App from './App.svelte';
import { library, pool, pwa, storage } from './state.ts';
import './app.css';

mount(App, { target: document.getElementById('app')! });

pwa.start();
void library.load();
void storage.refresh();
void pool.restore();
