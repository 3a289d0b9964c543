/** Keeps the last `maxChars` characters written to it: a dying worker's stderr is reported from this. */
export class TextTail {
  private text = '';

  constructor(private readonly maxChars: number) {}

  append(chunk: string): void {
    this.text += chunk;
    // Trim only when well over the limit, so a chatty stream costs amortized O(1) per character.
    if (this.text.length > this.maxChars * 2) this.text = this.text.slice(-this.maxChars);
  }

  clear(): void {
    this.text = '';
  }

  toString(): string {
    return this.text.length > this.maxChars ? this.text.slice(-this.maxChars) : this.text;
  }
}
