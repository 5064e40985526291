# Independent reference values for tests/check_arena_sprt.c: the published
# SPRT formulas (Wald 1945; fishtest LLRcalc notes) in mpmath at 50 digits,
# with mpmath's own root finder. Run: python3 tests/sprt_reference.py (needs
# the Debian package python3-mpmath). Not run by the tests.
from mpmath import mp, mpf, log, findroot, sqrt, log10, erf
mp.dps = 50
A = [mpf(0), mpf(1)/4, mpf(1)/2, mpf(3)/4, mpf(1)]
def stats(q):
    m = sum(qi*a for qi, a in zip(q, A)); v = sum(qi*(a-m)**2 for qi, a in zip(q, A)); return m, v
def solve(p, d):
    f = lambda x: sum(pi*di/(1+x*di) for pi, di in zip(p, d))
    lo, hi = -1/max(d), -1/min(d)
    return findroot(f, (lo + (hi-lo)*mpf('1e-30'), hi - (hi-lo)*mpf('1e-30')), solver='anderson')
def mle_exp(p, s):
    d = [a - s for a in A]; x = solve(p, d); return [pi/(1+x*di) for pi, di in zip(p, d)]
def mle_t(p, t):
    q = [mpf(1)/5]*5
    for _ in range(200):
        mu, var = stats(q); sg = sqrt(var)
        d = [a - mpf(1)/2 - t*sg*(1+((mu-a)/sg)**2)/2 for a in A]
        x = solve(p, d); q = [pi/(1+x*di) for pi, di in zip(p, d)]
    return q
def llr(counts, e0, e1, model):
    reg = [mpf(c) if c else mpf('0.001') for c in counts]; n = sum(reg); p = [r/n for r in reg]
    if model == 'logistic':
        s0, s1 = [1/(1+mpf(10)**(-mpf(e)/400)) for e in (e0, e1)]
        q0, q1 = mle_exp(p, s0), mle_exp(p, s1)
    else:
        k = 800/log(10)
        q0, q1 = mle_t(p, mpf(e0)/k*sqrt(2)), mle_t(p, mpf(e1)/k*sqrt(2))
    return n*sum(pi*(log(b)-log(a)) for pi, a, b in zip(p, q0, q1))
def elo(s): return -400*log10(1/s-1)
def penta_stats(counts):
    n = sum(counts); q = [mpf(c)/n for c in counts]; mu, var = stats(q); se = sqrt(var/n); z = mpf('1.959963984540054')
    k = 800/log(10)/sqrt(2*var)
    return dict(score=mu, se=se, elo=elo(mu), lo=elo(mu-z*se), hi=elo(mu+z*se), nelo=(mu-mpf(1)/2)*k,
                nlo=(mu-z*se-mpf(1)/2)*k, nhi=(mu+z*se-mpf(1)/2)*k, los=(1+erf((mu-mpf(1)/2)/(se*sqrt(2))))/2)
cases = [([10, 40, 100, 40, 10], 0, 10), ([5, 30, 90, 50, 25], 0, 10), ([0, 3, 10, 12, 20], 0, 5),
         ([20, 50, 80, 30, 5], -5, 5), ([1, 0, 2, 0, 7], 0, 10), ([100, 300, 900, 350, 120], 0, 2)]
for c, e0, e1 in cases:
    print(c, e0, e1, 'logistic %.12f' % llr(c, e0, e1, 'logistic'), 'normalized %.12f' % llr(c, e0, e1, 'normalized'))
for c, _, _ in cases[:4]:
    st = penta_stats(c); print(c, ' '.join('%s=%.12f' % (k, v) for k, v in st.items()))
# Beyond fishtest's iteration (issue 24): where the rounds from the uniform
# distribution find no root (a large elo1, the pairs all on one side), the
# same rounds are run along a path of t-values from p's own (where q = p),
# each from the last solution (the C code's continuation), here with
# mpmath's root finder at 50 digits; the result is checked to sum to 1 and
# to have the t-value asked for.
def rounds(p, t, q):
    for _ in range(60):
        mu, var = stats(q); sg = sqrt(var)
        d = [a - mpf(1)/2 - t*sg*(1+((mu-a)/sg)**2)/2 for a in A]
        if not (min(d) < 0 < max(d)):
            return None
        x = solve(p, d); q = [pi/(1+x*di) for pi, di in zip(p, d)]
    return q
def mle_t_path(p, t):
    q = rounds(p, t, [mpf(1)/5]*5)
    if q is None:
        mu, var = stats(p); cur = (mu - mpf(1)/2)/sqrt(var); q = list(p); step = t - cur
        while cur != t:
            nxt = t if abs(t - cur) <= abs(step) else cur + step
            r = rounds(p, nxt, q)
            if r is None:
                step /= 2
            else:
                q, cur, step = r, nxt, step*2
    mu, var = stats(q)
    assert abs(sum(q) - 1) < mpf('1e-30') and abs((mu - mpf(1)/2)/sqrt(var) - t) < mpf('1e-30')
    return q
def llr_path(counts, e0, e1):
    reg = [mpf(c) if c else mpf('0.001') for c in counts]; n = sum(reg); p = [r/n for r in reg]
    k = 800/log(10)
    q0, q1 = mle_t_path(p, mpf(e0)/k*sqrt(2)), mle_t_path(p, mpf(e1)/k*sqrt(2))
    return n*sum(pi*(log(b)-log(a)) for pi, a, b in zip(p, q0, q1))
for c, e0, e1 in [([0, 0, 0, 0, 50], 0, 300), ([0, 0, 1, 10, 40], 0, 250), ([50, 0, 0, 0, 0], -1000, 1000)]:
    print(c, e0, e1, 'normalized (path) %.12f' % llr_path(c, e0, e1))
