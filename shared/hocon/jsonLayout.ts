/**
 * JSON.stringify's layout for a stream of tokens written as they are: `indent` 0 writes one line without spaces;
 * otherwise each member on its own line, `indent` spaces a level, `": "` after keys, `{}`/`[]` when empty. The
 * writers of JSON text (toJsonText from a resolved value, layoutJsonText from text) give it their tokens, so numbers
 * keep the digits each chose and the layout is one.
 */
export class JsonLayout {
  private readonly out: string[] = [];
  /** For each open container: whether it is an object, and how many tokens (an object's keys and values) it has. */
  private readonly objects: boolean[] = [];
  private readonly counts: number[] = [];

  constructor(private readonly indent = 0) {}

  open(bracket: '{' | '['): void {
    this.beforeToken();
    this.out.push(bracket);
    this.objects.push(bracket === '{');
    this.counts.push(0);
  }

  close(): void {
    const object = this.objects.pop()!;
    if (this.counts.pop()! > 0) this.out.push(this.newline(this.counts.length));
    this.out.push(object ? '}' : ']');
  }

  /** A scalar as JSON text (`1.0`, `"a"`, `null`), or, in an object where a key is due, the key's JSON string. */
  token(text: string): void {
    this.beforeToken();
    this.out.push(text);
  }

  text(): string {
    return this.out.join('');
  }

  /** The punctuation before the next token: `:` after a key, otherwise a comma between members and a new line. */
  private beforeToken(): void {
    const level = this.counts.length;
    if (level === 0) return;
    const object = this.objects[level - 1]!;
    const count = this.counts[level - 1]!++;
    if (object && count % 2 === 1) this.out.push(this.indent > 0 ? ': ' : ':');
    else this.out.push(count === 0 ? this.newline(level) : ',' + this.newline(level));
  }

  private newline(level: number): string {
    return this.indent > 0 ? '\n' + ' '.repeat(this.indent * level) : '';
  }
}
