// Whether a prompt can be asked of a model at all: a model reads only the characters its corpus
// had, and a prompt as long as its block allows, counted in its units (characters, or a subword
// model's units). Said before the prompt reaches the model, in a person's words ("this model has
// never seen “g”"), beside the models of the library whose characters and block the prompt does
// fit, so one click asks one of those instead. The page counts no units itself: the engine worker
// measures a prompt (MeasurePrompt), with the very count its own check refuses a prompt by.
import { decodeModelFile } from '../../../worker/model/model-file.ts';
import type { ModelVocabulary } from '../../../worker/browser/ask.ts';
import { tokenizerKind } from '../library/meta.ts';
import type { ModelMeta } from '../library/model-store.ts';
import type { LibraryReader } from '../library/pipelines.ts';

/** What a prompt needs of a model: its characters (a newline ends a prompt, so never one of them) and its length. */
export interface PromptRoom {
  vocabChars: string;
  maxPromptLength: number; // in the model's units: characters, or subword units
  tokenizer: 'char' | 'subword';
}

/** A library model's room, with the vocabulary the worker measures a prompt by. */
export interface LibraryRoom extends PromptRoom {
  vocabulary: ModelVocabulary;
}

/** A prompt's length in the units of a model that has `vocabulary`, from the engine worker. */
export type MeasurePrompt = (prompt: string, vocabulary: ModelVocabulary) => Promise<number>;

/** “7 characters”, “1 subword unit”: a length in the units of a model with this tokenizer. */
export function lengthText(n: number, tokenizer: PromptRoom['tokenizer']): string {
  return `${n} ${tokenizer === 'subword' ? 'subword unit' : 'character'}${n === 1 ? '' : 's'}`;
}

/** The prompt's characters the model does not have, each once, in the prompt's order. */
export function missingChars(prompt: string, vocabChars: string): string[] {
  return [...new Set(prompt)].filter((c) => !vocabChars.includes(c));
}

/** “g”, “h” and “ ” (a space said as one): the characters as a sentence lists them. */
export function charList(chars: readonly string[]): string {
  const said = chars.map((c) => (c === ' ' ? 'the space' : `“${c}”`));
  return said.length < 2 ? said.join('') : `${said.slice(0, -1).join(', ')} and ${said.at(-1)}`;
}

/** Why a prompt cannot be asked of a model with this room, or null when it can; `length` is its length in the model's units. */
export function promptMisfit(prompt: string, room: PromptRoom, length: number): string | null {
  const missing = missingChars(prompt, room.vocabChars);
  if (missing.length > 0) {
    const many = missing.length > 1;
    return `This model was trained on no prompt with ${charList(missing)}, so it cannot read ${many ? 'them' : 'it'}: its prompts use only the characters listed beside it.`;
  }
  if (length > room.maxPromptLength) {
    return `The prompt has ${lengthText(length, room.tokenizer)}; this model reads ${room.maxPromptLength} at most.`;
  }
  return null;
}

/**
 * The models of the library, other than `except`, whose characters and block hold `prompt`. Each
 * file is read once (its vocabulary is in the file, not in the library's list) and remembered in
 * `rooms`, so a second misfit costs nothing; the prompt is measured only against the models that
 * have all its characters.
 */
export async function modelsFitting(
  prompt: string,
  library: LibraryReader,
  except: string | null,
  rooms: Map<string, LibraryRoom>,
  measure: MeasurePrompt,
): Promise<ModelMeta[]> {
  const fit: ModelMeta[] = [];
  for (const meta of library.models) {
    if (meta.id === except) continue;
    let room = rooms.get(meta.id);
    if (!room) {
      try {
        const model = decodeModelFile((await library.file(meta.id)).bytes);
        // as worker/browser/ask.ts reads them: no newline, room for a one-unit answer
        room = {
          vocabChars: model.vocabChars.replace('\n', ''),
          maxPromptLength: model.shape.block - 3,
          tokenizer: tokenizerKind(model),
          vocabulary: { vocabChars: model.vocabChars, tokenizer: model.tokenizer },
        };
      } catch {
        continue; // a file that does not read is no model to offer
      }
      rooms.set(meta.id, room);
    }
    if (missingChars(prompt, room.vocabChars).length > 0) continue;
    if (promptMisfit(prompt, room, await measure(prompt, room.vocabulary)) === null) fit.push(meta);
  }
  return fit;
}
