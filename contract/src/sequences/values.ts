// Values of the classes real data has, for what the checker writes and reads back: what people type
// into a project's name, description and job code. Each value is exactly within the interface's limits
// (counted in code points and in UTF-16 units alike, so no reading of "characters" is at stake),
// except where a class is the limit itself. A project's name always starts with the run's tag, so the
// clean-up finds whatever a run leaves behind.
import { FIELD_LIMITS } from "../description/description.js";

export interface TextClass {
  /** What the class is, in a failure message: "characters outside the BMP". */
  name: string;
  /** A value of at most `room` characters (code points and UTF-16 units both). */
  sample(room: number): string;
}

/** The longest prefix of `text` with at most `room` UTF-16 units, never cutting a surrogate pair. */
function fit(text: string, room: number): string {
  let out = "";
  for (const character of text) {
    if (out.length + character.length > room) break;
    out += character;
  }
  return out;
}

/** `text` repeated and cut to exactly `length` characters (BMP only: code points = UTF-16 units). */
const exactly = (text: string, length: number) => text.repeat(Math.ceil(length / text.length)).slice(0, length);

export const TEXT_CLASSES: readonly TextClass[] = [
  { name: "plain ASCII", sample: (room) => fit("Spring launch campaign, phase 2", room) },
  { name: "accented Latin letters", sample: (room) => fit("Café Müller – Straße über Ærø, déjà vu", room) },
  { name: "CJK, kana and hangul", sample: (room) => fit("春のキャンペーン企画書・한글 디자인", room) },
  // Each of these is two UTF-16 units and one code point: `fit` counts units, so both counts agree on "within".
  { name: "characters outside the BMP (emoji, math letters)", sample: (room) => fit("Launch 🚀🎉 𝒳𝔜 ✓", room) },
  { name: "combining marks (decomposed letters)", sample: (room) => fit("Cafe\u0301 Zoe\u0308 n\u0303o a\u030A", room) },
  { name: "right-to-left text and direction marks", sample: (room) => fit("مشروع \u200Fפרויקט\u200E 2025", room) },
  { name: "markup and entities", sample: (room) => fit(`<b>Tom & "Jerry"</b> 'x' &amp; &lt;p&gt;`, room) },
  { name: "JSON and shell metacharacters", sample: (room) => fit(`C:\\path\\to "quoted" {json} $HOME \`x\``, room) },
  { name: "inner white space (double spaces, a tab)", sample: (room) => fit("two  spaces\tand a tab", room) },
  { name: "digits with leading zeros", sample: (room) => fit("000123", room) },
  { name: "words that are JSON literals", sample: (room) => fit("null true 1e3", room) },
];

/** A description may hold lines: what people paste from documents. */
export const MULTILINE: TextClass = {
  name: "several lines (LF, CRLF, U+2028)",
  sample: (room) => fit("Line one\nLine two\r\nLine\u2028three", room),
};

export interface ProjectFields {
  name?: string;
  description?: string;
  job_code?: string;
}

/** The interface's limits of a project's creation (Limits), as the description gives them. */
export const LIMITS = FIELD_LIMITS;

/** The fields of a project made of one class, its name behind the run's tag. */
export function fieldsOf(textClass: TextClass, tag: string): Required<ProjectFields> {
  const name = `${tag} ${textClass.sample(LIMITS.name - tag.length - 1)}`;
  return { name, description: textClass.sample(200), job_code: textClass.sample(LIMITS.job_code) };
}

/** Every field exactly at its limit (BMP letters, so each count agrees). */
export function atTheLimit(tag: string): Required<ProjectFields> {
  return {
    name: `${tag} ${exactly("Ünïcödé limit ", LIMITS.name - tag.length - 1)}`,
    description: exactly("Beschreibung – ≤ 1,000 characters. ", LIMITS.description),
    job_code: exactly("JC-ÄØ-", LIMITS.job_code),
  };
}
