# SPDX-License-Identifier: GPL-3.0-or-later
# Chooses a recipe on saved per-token log-probabilities (without --recipe: every
# combination of renderings, normalisation and combination of a move's
# phrases), or prints one recipe's right-first, margins, threshold and times.
# usage: analyse.py SCORES.pkl [--recipe renders norm comb alpha] [--thr X]
import sys,pickle,itertools,numpy as np
from collections import defaultdict
res=pickle.load(open(sys.argv[1],'rb'))
def seqscore(lp,norm,alpha):
    if norm=='sum': return lp.sum()
    if norm=='noeot': return lp[:-1].sum()
    if norm=='mean': return lp.sum()/len(lp)**alpha
def decide(x,renders,norm,alpha,comb):
    mv=defaultdict(list)
    for u,pi,rn,t,lp in x['items']:
        if rn in renders: mv[u].append(seqscore(lp,norm,alpha))
    sc={u:(max(v) if comb=='max' else np.logaddexp.reduce(v)) for u,v in mv.items()}
    ranked=sorted(sc.items(),key=lambda kv:-kv[1])
    return ranked[0][0], (ranked[0][1]-ranked[1][1] if len(ranked)>1 else float('inf'))
def evaluate(renders,norm,alpha,comb):
    return [(x['row'],)+decide(x,renders,norm,alpha,comb) for x in res]
def acc(ev): return np.mean([r['uci']==m for r,m,_ in ev])
args=sys.argv[2:]
if '--recipe' in args:
    i=args.index('--recipe'); renders=args[i+1].split(','); norm=args[i+2]; comb=args[i+3]; alpha=float(args[i+4])
    thr=float(args[args.index('--thr')+1]) if '--thr' in args else None
    ev=evaluate(renders,norm,alpha,comb)
    for key in ('cond','synth','voice'):
        g=defaultdict(list)
        for r,m,mg in ev: g[(r['cond'],) if key=='cond' else (r[key],)].append(r['uci']==m)
        if key=='synth':
            g2=defaultdict(list)
            for r,m,mg in ev: g2[(r['synth'],r['cond'])].append(r['uci']==m)
            for k in sorted(g2): print('  synth x cond',k,f'{100*np.mean(g2[k]):5.1f}% n={len(g2[k])}')
        for k in sorted(g): print(key,k,f'{100*np.mean(g[k]):5.1f}% n={len(g[k])}')
    print('ALL',f'{100*acc(ev):.1f}% n={len(ev)}')
    R=np.array([mg for r,m,mg in ev if r['uci']==m]); W=np.array([mg for r,m,mg in ev if r['uci']!=m])
    q=lambda a:np.round(np.percentile(a[np.isfinite(a)],[10,25,50,75,90]),2) if len(a) else []
    print('margin right n=%d pct10/25/50/75/90'%len(R),q(R)); print('margin wrong n=%d'%len(W),q(W), 'max wrong',W.max() if len(W) else None)
    if thr is None and len(W): thr=float(W.max())+1e-6; print('zero-wrong threshold (just above max wrong margin) =',round(thr,3))
    if thr is not None:
        dec=[(r,m,mg) for r,m,mg in ev if mg>thr]
        print(f'threshold {thr:.3f}: decides {len(dec)}/{len(ev)} = {100*len(dec)/len(ev):.1f}%, wrong among decided {sum(r["uci"]!=m for r,m,_ in dec)}')
        g=defaultdict(lambda:[0,0,0])
        for r,m,mg in ev:
            g[r['cond']][0]+=1
            if mg>thr: g[r['cond']][1]+=1; g[r['cond']][2]+=(r['uci']!=m)
        for k in sorted(g): print('   ',k,'decided %d/%d = %.1f%%, wrong %d'%(g[k][1],g[k][0],100*g[k][1]/g[k][0],g[k][2]))
    t_e=np.array([x['t_enc'] for x in res]); t_s=np.array([x['t_score'] for x in res]); t=t_e+t_s
    print('time/utt s: enc median %.3f p95 %.3f | scoring median %.3f p95 %.3f | total median %.3f p95 %.3f | seqs/utt median %d'%(
        np.median(t_e),np.percentile(t_e,95),np.median(t_s),np.percentile(t_s,95),np.median(t),np.percentile(t,95),np.median([x['nseq'] for x in res])))
else:
    allr=sorted({it[2] for x in res for it in x['items']})
    out=[]
    for k in range(1,len(allr)+1):
        for renders in itertools.combinations(allr,k):
            for norm,alpha in [('sum',0),('noeot',0),('mean',1),('mean',0.5)]:
                for comb in ('max','lse'):
                    ev=evaluate(renders,norm,alpha,comb)
                    g=defaultdict(list)
                    for r,m,mg in ev: g[r['cond']].append(r['uci']==m)
                    W=[mg for r,m,mg in ev if r['uci']!=m]; t0=max(W) if W else -1
                    share=np.mean([mg>t0 for r,m,mg in ev])
                    out.append((acc(ev),'zero-wrong-share=%.1f%%'%(100*share),','.join(renders),norm,alpha,comb,{c:round(100*np.mean(v),1) for c,v in sorted(g.items())}))
    for o in sorted(out,key=lambda o:-o[0]): print(f'{100*o[0]:.1f}',*o[1:])
