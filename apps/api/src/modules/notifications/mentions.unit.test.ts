import { describe, expect, it } from 'vitest';
import { mentionedUserIds } from './mentions';

const users = [
  { id: 1, name: 'Anna', email: 'anna.b@example.com' },
  { id: 2, name: 'Anna Schmidt', email: 'as@example.com' },
  { id: 3, name: 'Jörg Müller', email: 'jm@example.com' },
  { id: 4, name: 'Bob', email: 'robert@example.com' },
];

describe('the users a note names', () => {
  it('finds names and address parts, in any case, the longest name first', () => {
    expect(mentionedUserIds('@anna schmidt please call back', users)).toEqual([2]);
    expect(mentionedUserIds('@Anna, and @JÖRG MÜLLER.', users)).toEqual([1, 3]);
    expect(mentionedUserIds('ask @robert or @anna.b', users)).toEqual([4, 1]);
  });

  it('needs the whole name and an @ that starts a word', () => {
    expect(mentionedUserIds('@Bobby called', users)).toEqual([]);
    expect(mentionedUserIds('write to bob@example.com', users)).toEqual([]);
    expect(mentionedUserIds('no one named here', users)).toEqual([]);
    expect(mentionedUserIds('@ Bob', users)).toEqual([]);
  });

  it('names each user once', () => {
    expect(mentionedUserIds('@bob @Bob @robert', users)).toEqual([4]);
  });
});
