# SPDX-License-Identifier: GPL-3.0-or-later
# Moonshine base-en with ONNX Runtime: the encoder, free decoding, and the
# teacher-forced score of given texts (the log-probability of each token,
# the end included), the encoder's keys and values computed once a clip.
import sys, wave, numpy as np, onnxruntime as ort, tokenizers
import os
STUDY=os.environ.get('MOONSHINE_STUDY', os.path.join(os.path.dirname(__file__), '..', '..', 'target', 'moonshine-study'))
MD=os.path.join(STUDY, 'moonshine-cpp', 'moonshine_cpp-0.1.4.data', 'purelib', 'moonshine_cpp', 'models', 'base-en')
TOK=os.path.join(STUDY, 'useful-moonshine-onnx', 'moonshine_onnx', 'assets', 'tokenizer.json')
so=ort.SessionOptions(); so.intra_op_num_threads=2; so.inter_op_num_threads=1
enc=ort.InferenceSession(MD+'/encoder_model.ort', so, providers=['CPUExecutionProvider'])
dec=ort.InferenceSession(MD+'/decoder_model_merged.ort', so, providers=['CPUExecutionProvider'])
tok=tokenizers.Tokenizer.from_file(TOK)
L,H,D=8,8,52; SOT,EOT=1,2
def load(f):
    w=wave.open(f); assert w.getframerate()==16000 and w.getnchannels()==1
    return np.frombuffer(w.readframes(w.getnframes()),dtype=np.int16).astype(np.float32)[None]/32768
def read_manifest(p):
    rows=[]
    for line in open(p):
        c=line.rstrip('\n').split('\t')
        if len(c)<8: continue
        alts={}
        for a in c[7].split(';'):
            u,ph=a.split('=',1); alts[u]=ph.split('|')
        rows.append(dict(wav=c[0],part=c[1],cond=c[2],synth=c[3],voice=c[4],phrase=c[5],uci=c[6],alts=alts))
    return rows
def encode(a): return enc.run(None, dict(input_values=a))[0]
def empty_pkv(B=0):
    return {f"past_key_values.{i}.{x}.{y}": np.zeros((B,H,1,D),dtype=np.float32) for i in range(L) for x in ("decoder","encoder") for y in ("key","value")}
def generate(h, max_len=40):
    pkv=empty_pkv(); toks=[SOT]; ids=[toks]
    for i in range(max_len):
        lo,*pres=dec.run(None, dict(input_ids=np.array(ids,dtype=np.int64), encoder_hidden_states=h, use_cache_branch=np.array([i>0]), **pkv))
        t=int(lo[0,-1].argmax()); toks.append(t)
        if t==EOT: break
        ids=[[t]]
        for k,v in zip(list(pkv.keys()),pres):
            if i==0 or 'decoder' in k: pkv[k]=v
    return tok.decode(toks[1:])
def tokenize(texts): return [e.ids for e in tok.encode_batch(texts, add_special_tokens=False)]
def score_batch(h, seqs, chunk=256):
    """seqs: list of token id lists (without SOT/EOT). Returns per-seq array of per-token logprobs (incl. EOT)."""
    out=[None]*len(seqs)
    order=sorted(range(len(seqs)), key=lambda i: len(seqs[i]))
    for s in range(0,len(order),chunk):
        idx=order[s:s+chunk]; B=len(idx); T=max(len(seqs[i]) for i in idx)+1
        inp=np.full((B,T),EOT,dtype=np.int64); inp[:,0]=SOT
        for r,i in enumerate(idx): inp[r,1:len(seqs[i])+1]=seqs[i]
        hb=np.broadcast_to(h,(B,)+h.shape[1:]).copy()
        lo=dec.run(['logits'], dict(input_ids=inp, encoder_hidden_states=hb, use_cache_branch=np.array([False]), **empty_pkv(0)))[0]
        m=lo.max(-1,keepdims=True); lp=lo-m-np.log(np.exp(lo-m).sum(-1,keepdims=True))
        for r,i in enumerate(idx):
            tgt=list(seqs[i])+[EOT]
            out[i]=lp[r,np.arange(len(tgt)),tgt]
    return out
import re
NUM={'1':'one','2':'two','3':'three','4':'four','5':'five','6':'six','7':'seven','8':'eight'}
NATO=['alpha','bravo','charlie','delta','echo','foxtrot','golf','hotel']
def r_raw(p): return p
def r_cap(p):   # "Pawn E2 E4."  (Moonshine style: capitalised, squares upper-case, final period)
    s=re.sub(r'\b([a-h])([1-8])\b', lambda m: m.group(1).upper()+m.group(2), p)
    s=re.sub(r'\b([a-h])\b', lambda m: m.group(1).upper(), s)
    return s[0].upper()+s[1:]+'.'
def r_words(p): # "Pawn E two E four."  digits spelled, NATO capitalised
    s=re.sub(r'\b([a-h])([1-8])\b', lambda m: m.group(1).upper()+' '+NUM[m.group(2)], p)
    s=re.sub(r'\b([a-h])\b', lambda m: m.group(1).upper(), s)
    s=re.sub(r'\b('+'|'.join(NATO)+r')\b', lambda m: m.group(1).capitalize(), s)
    return s[0].upper()+s[1:]+'.'
def r_words_lc(p): # "pawn e two e four"
    return re.sub(r'\b([a-h])([1-8])\b', lambda m: m.group(1)+' '+NUM[m.group(2)], p)
RENDER={'raw':r_raw,'cap':r_cap,'words':r_words,'words_lc':r_words_lc}
DEC_OUT=[o.name for o in dec.get_outputs()]
def enc_kv(h):
    lo,*pres=dec.run(None, dict(input_ids=np.array([[SOT]]), encoder_hidden_states=h, use_cache_branch=np.array([False]), **empty_pkv(0)))
    return {k.replace('present','past_key_values'):v for k,v in zip(DEC_OUT[1:],pres) if '.encoder.' in k}
def score_kv(h, seqs, maxpos=1600):
    """Teacher-forced per-token log-probs (incl. final EOT) for each token sequence; encoder K/V computed once
    and reused via the cache branch (verified identical to the non-cache branch). Batches by length to limit padding."""
    ekv=enc_kv(h); F=h.shape[1]
    out=[None]*len(seqs); order=sorted(range(len(seqs)), key=lambda i: len(seqs[i]))
    s=0
    while s<len(order):
        T=len(seqs[order[s]])+1; e=s
        while e<len(order) and (e-s+1)*(len(seqs[order[e]])+1)<=maxpos: e+=1
        e=max(e,s+1); idx=order[s:e]; B=len(idx); T=len(seqs[idx[-1]])+1
        inp=np.full((B,T),EOT,dtype=np.int64); inp[:,0]=SOT
        for r,i in enumerate(idx): inp[r,1:len(seqs[i])+1]=seqs[i]
        pkv={}
        for l in range(L):
            for y in ('key','value'):
                pkv[f'past_key_values.{l}.decoder.{y}']=np.zeros((B,H,0,D),np.float32)
                k=f'past_key_values.{l}.encoder.{y}'; pkv[k]=np.ascontiguousarray(np.broadcast_to(ekv[k],(B,H,F,D)))
        lo=dec.run(['logits'], dict(input_ids=inp, encoder_hidden_states=h[:, :1], use_cache_branch=np.array([True]), **pkv))[0]
        for r,i in enumerate(idx):
            n=len(seqs[i])+1; tgt=np.array(list(seqs[i])+[EOT]); x=lo[r,:n]
            m=x.max(-1); out[i]=x[np.arange(n),tgt]-m-np.log(np.exp(x-m[:,None]).sum(-1))
        s=e
    return out
