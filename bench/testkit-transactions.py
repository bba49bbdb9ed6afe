"""Labelled transaction lines from the independent testkit (/work/shared/testkit/docgen), which this
project did not write: one JSON object per line {account, lang, variant, profile, date, amount, description,
counterparty, kind}. The kind is the generator's own label; bench/risk-categorise.ts maps kinds to
categories and scores the categoriser. Usage: python3 bench/testkit-transactions.py SEED COUNT > out.jsonl
"""
import json
import os
import random
import sys

TESTKIT = os.environ.get('DOCRISK_TESTKIT', os.path.join(os.path.dirname(__file__), '..', '..', 'shared', 'testkit'))
sys.path.insert(0, TESTKIT)
from docgen import ledger  # noqa: E402

seed, count = int(sys.argv[1]), int(sys.argv[2])
for i in range(count):
    rng = random.Random(seed * 100003 + i)
    variant = ledger.choose_variant(rng)
    acct = ledger.make_account(rng, variant)
    start, end = ledger.choose_period(rng, 'statement', 160)
    _, txs = ledger.make_ledger(rng, acct, start, end, 160)
    mode = rng.choice(['flow', 'head_cp'])
    for t in txs:
        lines = ledger.compose_lines(t.parts, mode, 3, False)
        cp = t.parts.get('cp', '') if mode == 'head_cp' and rng.random() < 0.5 else ''
        print(json.dumps({'account': f'{seed}-{i}', 'holder': acct.holder, 'lang': acct.lang, 'variant': variant,
                          'profile': acct.profile, 'date': str(t.booking), 'amount': t.cents / 100,
                          'description': ' '.join(lines), 'counterparty': cp or None, 'kind': t.kind}))
