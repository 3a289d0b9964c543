import { describe, expect, it } from 'vitest';
import { cliV8Flags } from './v8Flags';

describe('the V8 flags the CLI sets for itself', () => {
  it('inlines less on the V8 it was measured on (Node 20)', () => {
    expect(cliV8Flags('11.3.244.8-node.33')).toBe('--max-inlined-bytecode-size=60 --max-inlined-bytecode-size-cumulative=120');
  });

  it("leaves another V8's defaults alone, where the flags were not measured (or might be unknown)", () => {
    expect(cliV8Flags('12.4.254.21-node.33')).toBe('');
    expect(cliV8Flags('13.6.233.10-node.27')).toBe('');
    expect(cliV8Flags('')).toBe('');
  });
});
