# SPDX-License-Identifier: GPL-3.0-or-later
# Free (unconstrained) decoding of every tenth clip of DATA_DIR, up to 32.
# usage: free.py DATA_DIR
import os,sys,time; sys.path.insert(0,os.path.dirname(os.path.abspath(__file__))); from common import *
D=sys.argv[1]
rows=read_manifest(os.path.join(D,'manifest.tsv'))
for r in rows[::10][:32]:
    a=load(os.path.join(D,r['wav'])); t=time.time(); h=encode(a); te=time.time()-t
    print(f"{r['cond']:13s} {r['synth']:8s} said={r['phrase']!r:40s} free={generate(h)!r} enc={te:.2f}s dur={a.shape[1]/16000:.1f}s")
