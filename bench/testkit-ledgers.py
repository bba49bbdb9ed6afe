"""Whole accounts with the generator's own labels, from the independent testkit (/work/shared/testkit/docgen),
which this project did not write: one JSON object per account {account, holder, lang, variant, profile,
iban, currency, opening, transactions: [{date, amount, description, counterparty, balance, kind, party, party_iban}]} covering
MONTHS whole months. bench/risk-income.ts measures monthly income against the kinds.
Usage: python3 bench/testkit-ledgers.py SEED COUNT MONTHS [PROFILE,PROFILE…] > out.jsonl
"""
import datetime as dt
import json
import os
import random
import sys

TESTKIT = os.environ.get('DOCRISK_TESTKIT', os.path.join(os.path.dirname(__file__), '..', '..', 'shared', 'testkit'))
sys.path.insert(0, TESTKIT)
from docgen import ledger, util  # noqa: E402

seed, count, months = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
profiles = sys.argv[4].split(',') if len(sys.argv) > 4 else None
for i in range(count):
    rng = random.Random(seed * 100003 + i)
    variant = ledger.choose_variant(rng, ['it', 'de'])
    acct = ledger.make_account(rng, variant, profile=rng.choice(profiles) if profiles else None)
    start = dt.date(rng.choice([2024, 2025]), rng.randint(1, 12), 1)
    end = util.month_end(util.add_months(start, months - 1))
    opening, txs = ledger.make_ledger(rng, acct, start, end, 45 * months)
    mode = rng.choice(['flow', 'head_cp'])
    out = []
    for t in txs:
        lines = ledger.compose_lines(t.parts, mode, 3, False)
        cp = t.parts.get('cp', '') if mode == 'head_cp' and rng.random() < 0.5 else ''
        # party / party_iban: the generator's own counterparty of every booking (what a core-banking export
        # knows), for bench/risk-income.ts BENCH_COUNTERPARTY=named|named+iban; drawn without the rng, so
        # the rest of the output is unchanged
        out.append({'date': str(t.booking), 'amount': t.cents / 100, 'description': ' '.join(lines),
                    'counterparty': cp or None, 'balance': t.balance / 100, 'kind': t.kind,
                    'party': t.ctx.get('cp') or None, 'party_iban': t.ctx.get('cp_iban') or None})
    print(json.dumps({'account': f'{seed}-{i}', 'holder': acct.holder, 'lang': acct.lang, 'variant': variant,
                      'profile': acct.profile, 'iban': acct.iban, 'currency': acct.currency, 'opening': opening / 100,
                      'start': str(start), 'end': str(end), 'transactions': out}))
