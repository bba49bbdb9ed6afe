#!/usr/bin/env python3
"""The testkit's identity documents with the capture kind forced (a measuring tool, not the testkit).

    python3 bench/testkit-ids-kind.py --seed N --count K --output pdf_pages|photocopy|photo|scan_sheet --out DIR/corpus

Imports ../shared/testkit/docgen and wraps its `pick` so that every ID has both sides and the given output kind
(the draw itself still happens, so every other axis — design, language, degradation — is the testkit's own).
Then run `node bench/testkit.ts --keep DIR --kinds ids` (it reuses DIR/corpus) and `node bench/mrz-score.ts DIR`.
"""
import argparse
import os
import sys

KIT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'shared', 'testkit')
OUTPUTS = ('pdf_pages', 'photocopy', 'photo', 'scan_sheet')


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--seed', type=int, required=True)
    ap.add_argument('--count', type=int, default=16)
    ap.add_argument('--output', choices=OUTPUTS, default='pdf_pages')
    ap.add_argument('--out', required=True)
    a = ap.parse_args()
    if not os.path.exists(os.path.join(KIT, 'docgen.py')):
        print('bench/testkit-ids-kind: ../shared/testkit is not beside this checkout', file=sys.stderr)
        return 0
    sys.path.insert(0, KIT)
    from docgen import corpus
    original = corpus.pick

    def forced(rng, options):
        value = original(rng, options)
        if isinstance(options, dict):
            if set(options) == {'both_sides', 'front_only', 'back_only'}:
                return 'both_sides'
            if 'pdf_pages' in options or set(options) == {'scan_sheet', 'photo'}:
                return a.output
        return value

    corpus.pick = forced
    m = corpus.generate(a.seed, a.count, a.out, ['ids'], ['it', 'de', 'en'], log=None)
    print(f"wrote {len(m['entries'])} identity documents ({a.output}) to {a.out}")
    return 0


if __name__ == '__main__':
    sys.exit(main())
