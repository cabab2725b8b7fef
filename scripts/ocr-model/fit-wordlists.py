"""Keeps the dictionary entries the model can write: words, punctuation and number patterns whose every
character is in the model's character set (a pattern's spaces are its placeholders)."""
import sys

unicharset, words, puncs, numbers = sys.argv[1:5]
with open(unicharset, encoding='utf-8') as source:
    characters = {line.split(' ')[0] for line in source.read().split('\n')[1:] if line}
for origin, target in ((words, 'fax.words'), (puncs, 'fax.punc'), (numbers, 'fax.numbers')):
    with open(origin, encoding='utf-8') as source:
        kept = [entry for entry in source.read().split('\n') if entry.strip() and all(c in characters or c == ' ' for c in entry)]
    with open(target, 'w', encoding='utf-8') as out:
        out.write('\n'.join(kept) + '\n')
