# SPDX-License-Identifier: GPL-3.0-or-later
# Scores every phrase of every legal move of each clip of DATA_DIR (written by
# `hearing_bench --save-audio DATA_DIR`) under the given text renderings and
# saves each token's log-probability.
# usage: score_all.py DATA_DIR OUT.pkl [renderings, comma-separated] [stride]
import sys,time,pickle; import os; sys.path.insert(0,os.path.dirname(os.path.abspath(__file__))); from common import *
part,outp=sys.argv[1],sys.argv[2]
rnames=(sys.argv[3] if len(sys.argv)>3 else 'raw,cap,words,words_lc').split(',')
stride=int(sys.argv[4]) if len(sys.argv)>4 else 1
rows=read_manifest(os.path.join(part,'manifest.tsv'))[::stride]
res=[]
for n,r in enumerate(rows):
    a=load(os.path.join(part,r['wav']))
    t0=time.time(); h=encode(a); t1=time.time()
    texts={}
    for u,ps in r['alts'].items():
        for pi,p in enumerate(ps):
            for rn in rnames: texts.setdefault(RENDER[rn](p),[]).append((u,pi,rn))
    tl=list(texts); seqs=tokenize(tl); lps=score_kv(h,seqs); t2=time.time()
    items=[(u,pi,rn,t,lp) for t,lp in zip(tl,lps) for (u,pi,rn) in texts[t]]
    res.append(dict(row=r,items=items,t_enc=t1-t0,t_score=t2-t1,nseq=len(tl),npos=sum(len(s)+1 for s in seqs)))
    if n%20==0: print(n,r['wav'],round(t1-t0,3),round(t2-t1,3),len(tl),flush=True); pickle.dump(res,open(outp,'wb'))
pickle.dump(res,open(outp,'wb')); print('done',len(res))
