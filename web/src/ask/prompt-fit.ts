// Whether a prompt can be asked of a model at all: a character-level model reads only the
// characters its corpus had, and a prompt as long as its block allows. Said before the prompt
// reaches the model, in a person's words ("this model has never seen “g”"), beside the models of
// the library whose characters the prompt does fit, so one click asks one of those instead.
import { decodeModelFile } from '../../../worker/model/model-file.ts';
import type { ModelMeta } from '../library/model-store.ts';
import type { LibraryReader } from '../library/pipelines.ts';

/** What a prompt needs of a model: its characters (a newline ends a prompt, so never one of them) and its length. */
export interface PromptRoom {
  vocabChars: string;
  maxPromptLength: number;
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

/** Why a prompt cannot be asked of a model with this room, or null when it can. */
export function promptMisfit(prompt: string, room: PromptRoom): string | null {
  const missing = missingChars(prompt, room.vocabChars);
  if (missing.length > 0) {
    const many = missing.length > 1;
    return `This model was trained on no prompt with ${charList(missing)}, so it cannot read ${many ? 'them' : 'it'}: its prompts use only the characters listed beside it.`;
  }
  if (prompt.length > room.maxPromptLength) {
    return `The prompt has ${prompt.length} characters; this model reads ${room.maxPromptLength} at most.`;
  }
  return null;
}

/**
 * The models of the library, other than `except`, whose characters and block hold `prompt`. Each
 * file is read once (its vocabulary is in the file, not in the library's list) and remembered in
 * `rooms`, so a second misfit costs nothing.
 */
export async function modelsFitting(
  prompt: string,
  library: LibraryReader,
  except: string | null,
  rooms: Map<string, PromptRoom>,
): Promise<ModelMeta[]> {
  const fit: ModelMeta[] = [];
  for (const meta of library.models) {
    if (meta.id === except) continue;
    let room = rooms.get(meta.id);
    if (!room) {
      try {
        const model = decodeModelFile((await library.file(meta.id)).bytes);
        // as worker/browser/ask.ts reads them: no newline, room for a one-character answer
        room = { vocabChars: model.vocabChars.replace('\n', ''), maxPromptLength: model.shape.block - 3 };
      } catch {
        continue; // a file that does not read is no model to offer
      }
      rooms.set(meta.id, room);
    }
    if (promptMisfit(prompt, room) === null) fit.push(meta);
  }
  return fit;
}
