import { describe, expect, it } from 'vitest';
import { createRecordCounter, fileNameOf, formatBytes } from './csv-download.ts';

describe('counting CSV rows as they stream', () => {
  it('counts records, not line breaks inside quoted fields', () => {
    const counter = createRecordCounter();
    counter.push('id,comment\n1,"two\nlines"\n2,"say ""hi""\n, ok"\n');
    expect(counter.count(true)).toBe(3);
  });

  it('counts the same whatever the chunks', () => {
    const text = 'a,b\r\n"x\n""y""",2\r\n3,4';
    for (let cut = 0; cut <= text.length; cut += 1) {
      const counter = createRecordCounter();
      counter.push(text.slice(0, cut));
      counter.push(text.slice(cut));
      expect(counter.count(true)).toBe(3);
    }
  });

  it('counts a last line without its break only once the stream ends', () => {
    const counter = createRecordCounter();
    counter.push('h\n1\n2');
    expect(counter.count()).toBe(2);
    expect(counter.count(true)).toBe(3);
  });
});

describe('the saved file', () => {
  it('takes the name the server gives', () => {
    expect(fileNameOf('attachment; filename="opiniondna-report.csv"', 'x.csv')).toBe(
      'opiniondna-report.csv',
    );
    expect(fileNameOf("attachment; filename*=UTF-8''caf%C3%A9.csv", 'x.csv')).toBe('café.csv');
    expect(fileNameOf(null, 'x.csv')).toBe('x.csv');
  });

  it('shows sizes people read', () => {
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(999)).toBe('999 bytes');
    expect(formatBytes(1500)).toBe('1.5 KB');
    expect(formatBytes(2_400_000)).toBe('2.4 MB');
  });
});
