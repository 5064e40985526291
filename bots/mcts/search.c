/*
 * bots/mcts/search.c - loa-mcts's tree search (mcts.h): UCT with a
 * progressive bias and implicit minimax backups, MCTS-Solver, and the
 * subtree of the moves played kept between turns.
 */
#include <math.h>
#include <string.h>

#include "loa/playout.h"

#include "mcts.h"

/* Gives node (b its position) the moves of b as children, each judged by
 * the features (its prior) and, when it ends the game, proven; a pass when
 * there is none. Children are shuffled, so that equal priors are taken in
 * random order. Leaves it a leaf when the pool is full. */
static void expand(mcts *m, int node, const loa_board *b)
{
    loa_move mv[LOA_MAX_MOVES];
    int n = loa_generate_moves(b, mv);
    if (n == 0)
        mv[n++] = LOA_MOVE_PASS;
    if (m->used + n > MCTS_NODES)
        return;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)loa_rng_below(&m->rng, (uint32_t)i + 1);
        loa_move t = mv[i];
        mv[i] = mv[j], mv[j] = t;
    }
    int me = b->side;
    loa_status won = me == LOA_BLACK ? LOA_BLACK_WINS : LOA_WHITE_WINS;
    m->pool[node].first = m->used;
    m->pool[node].children = (uint8_t)n;
    for (int i = 0; i < n; i++) {
        loa_board c = *b;
        loa_make_move(&c, mv[i], NULL);
        loa_status st =
            loa_board_status_after(&c, mv[i] != LOA_MOVE_PASS && (mv[i] & LOA_MOVE_CAPTURE),
                                   LOA_MAX_PLIES);
        int proven = st == LOA_ONGOING || st == LOA_DRAW ? 0 : st == won ? 1 : -1;
        float p = proven ? (proven > 0) : (float)mcts_chance(m, &c, me);
        m->pool[m->used++] = (mcts_node){-1, 0, 0, p, p, mv[i], 0, (int8_t)proven};
    }
}

/* UCT with a progressive bias (the prior, fading with the visits: G. M. J.-B.
 * Chaslot et al., "Progressive strategies for Monte-Carlo tree search",
 * 2008; MC-LOA uses one): a child proven won at once; proven lost ones
 * never while another is left; an unvisited child before the others, the
 * best prior first. */
static int select_child(const mcts *m, int parent)
{
    const mcts_node *p = &m->pool[parent];
    double log_n = log((double)p->visits + 1), best = -1e9, best_new = -1;
    int pick = -1, pick_new = -1;
    for (int i = p->first; i < p->first + p->children; i++) {
        const mcts_node *c = &m->pool[i];
        if (c->proven > 0)
            return i;
        if (c->proven < 0)
            continue;
        if (c->visits == 0) {
            if (c->prior > best_new)
                best_new = c->prior, pick_new = i;
            continue;
        }
        double q = (1 - m->alpha) * c->value / c->visits + m->alpha * c->minimax;
        double u = q + m->explore * sqrt(log_n / c->visits) + m->bias * c->prior / (c->visits + 1);
        if (u > best)
            best = u, pick = i;
    }
    if (pick_new >= 0)
        return pick_new;
    return pick >= 0 ? pick : p->first; /* every child lost: any */
}

/* MCTS-Solver (M. H. M. Winands, Y. Bjornsson, J.-T. Saito, "Monte-Carlo
 * tree search solver", CG 2008): from the leaf up, a node whose child is
 * proven won is proven lost (its opponent moves there), and a node whose
 * children are all proven lost is proven won. */
static void back_up_proofs(mcts *m, const int *path, int depth)
{
    for (int k = depth - 1; k > 0; k--) {
        const mcts_node *c = &m->pool[path[k]];
        mcts_node *p = &m->pool[path[k - 1]];
        if (c->proven > 0) {
            p->proven = -1;
            continue;
        }
        if (c->proven == 0)
            return;
        for (int i = p->first; i < p->first + p->children; i++)
            if (m->pool[i].proven >= 0)
                return;
        p->proven = 1;
    }
}

/* One iteration from the root position: select, expand, play out (or take
 * a proof), back up. */
static void iterate(mcts *m, const loa_board *root)
{
    int path[MCTS_PATH], depth = 0, node = 0;
    loa_board b = *root;
    loa_status st = LOA_ONGOING;
    path[depth++] = 0;
    while (!m->pool[node].proven || node == 0) {
        if (m->pool[node].first < 0) {
            if ((m->pool[node].visits == 0 && node != 0) || depth == MCTS_PATH - 1)
                break; /* a new leaf: play out from it */
            expand(m, node, &b);
            if (m->pool[node].first < 0)
                break; /* the pool is full */
        }
        node = select_child(m, node);
        loa_move mv = m->pool[node].move;
        loa_make_move(&b, mv, NULL);
        path[depth++] = node;
        if (m->pool[node].proven)
            break;
        st = loa_board_status_after(&b, mv != LOA_MOVE_PASS && (mv & LOA_MOVE_CAPTURE),
                                    LOA_MAX_PLIES);
        if (st != LOA_ONGOING)
            break; /* the game ended in the tree (a draw: proofs are wins) */
    }
    /* r: the result for the side that played the leaf's move */
    const mcts_node *leaf = &m->pool[path[depth - 1]];
    double r;
    if (leaf->proven)
        r = leaf->proven > 0;
    else {
        int mover = 1 - b.side; /* the side that played the leaf's move */
        if (st == LOA_ONGOING)
            st = mcts_play_out(m, &b, m->cutoff);
        double black = mcts_result_for_black(m, st, &b);
        r = mover == LOA_BLACK ? black : 1 - black;
    }
    for (int k = depth - 1; k >= 0; k--, r = 1 - r) {
        mcts_node *n = &m->pool[path[k]];
        n->visits++;
        n->value += (float)r;
        if (n->first >= 0) { /* the opponent's best reply sets its value */
            float best = 0;
            for (int i = n->first; i < n->first + n->children; i++)
                if (m->pool[i].minimax > best)
                    best = m->pool[i].minimax;
            n->minimax = 1 - best;
        }
    }
    back_up_proofs(m, path, depth);
}
/* The child of node whose move is mv, or -1. */
static int child_with(const mcts *m, int node, loa_move mv)
{
    const mcts_node *p = &m->pool[node];
    for (int i = p->first; p->first >= 0 && i < p->first + p->children; i++)
        if (LOA_MOVE_SQUARES(m->pool[i].move) == LOA_MOVE_SQUARES(mv) ||
            (mv == LOA_MOVE_PASS && m->pool[i].move == LOA_MOVE_PASS))
            return i;
    return -1;
}

/* Makes the subtree at node the whole tree (copied to the spare pool, which
 * becomes the pool; children stay contiguous). */
static void keep_subtree(mcts *m, int node)
{
    mcts_node *src = m->pool, *dst = m->spare;
    dst[0] = src[node];
    int used = 1;
    for (int i = 0; i < used; i++) {
        if (dst[i].first < 0)
            continue;
        int from = dst[i].first, n = dst[i].children;
        memcpy(&dst[used], &src[from], sizeof *dst * (size_t)n);
        dst[i].first = used;
        used += n;
    }
    m->pool = dst;
    m->spare = src;
    m->used = used;
}

/* Whether b is the last root's position after our answer and the
 * opponent's reply (last). A turn need not follow our answer (an IDE's
 * position, a test's unrelated turns): the kept tree would then replay its
 * moves on another board, and boards with shared squares would follow. */
static int follows(const mcts *m, const loa_board *b, loa_move last)
{
    loa_board e = m->root_board;
    loa_make_move(&e, m->last_best, NULL);
    loa_make_move(&e, last, NULL);
    return e.pieces[0] == b->pieces[0] && e.pieces[1] == b->pieces[1] && e.side == b->side;
}

/* The root for position b: the tree of the last search moved down our
 * answer and the opponent's reply (last), when it is there and leads to b;
 * else new. */
static void root_for(mcts *m, const loa_board *b, loa_move last)
{
    int node = -1;
    if (m->reuse && m->last_best != LOA_MOVE_NONE && last != LOA_MOVE_NONE && follows(m, b, last)) {
        int mine = child_with(m, 0, m->last_best);
        node = mine >= 0 ? child_with(m, mine, last) : -1;
    }
    m->root_board = *b;
    if (node > 0 && m->pool[node].first >= 0 && !m->pool[node].proven) {
        keep_subtree(m, node);
        m->pool[0].move = LOA_MOVE_NONE;
        return;
    }
    m->used = 1;
    m->pool[0] = (mcts_node){-1, 0, 0, 0.5f, 0.5f, LOA_MOVE_NONE, 0, 0};
}

/* The move to play in b (last: the opponent's move before it, from the
 * turn): a win at once if there is one, else the search's: a child proven
 * won, else the most visited child not proven lost. */
loa_move mcts_search(mcts *m, const loa_board *b, loa_move last, int64_t deadline_us,
                     long max_playouts, long *playouts)
{
    loa_move mv[LOA_MAX_MOVES];
    int n = loa_generate_moves(b, mv);
    *playouts = 0;
    m->best_visits = 0;
    loa_move prev = m->last_best;
    m->last_best = LOA_MOVE_NONE; /* no tree is kept unless one is searched */
    for (int i = 0; i < n; i++) {
        loa_board c = *b;
        loa_make_move(&c, mv[i], NULL);
        if (loa_board_status(&c, LOA_MAX_PLIES) ==
            (b->side == LOA_BLACK ? LOA_BLACK_WINS : LOA_WHITE_WINS))
            return mv[i];
    }
    if (n <= 1)
        return n ? mv[0] : LOA_MOVE_PASS;
    m->last_best = prev;
    root_for(m, b, last);
    while (*playouts < max_playouts && ((*playouts & 63) || loa_now_us() < deadline_us) &&
           m->pool[0].proven == 0) {
        iterate(m, b);
        ++*playouts;
    }
    const mcts_node *root = &m->pool[0];
    int best = -1;
    for (int i = root->first; root->first >= 0 && i < root->first + root->children; i++) {
        const mcts_node *c = &m->pool[i];
        if (c->proven > 0) {
            best = i;
            break;
        }
        /* not proven lost before proven lost (all lost: the longest
         * resistance, which drew the most visits), then the most visited */
        int worse = best >= 0 && (m->pool[best].proven < 0) != (c->proven < 0)
                        ? c->proven < 0
                        : best >= 0 && c->visits <= m->pool[best].visits;
        if (!worse)
            best = i;
    }
    m->last_best = best >= 0 ? m->pool[best].move : LOA_MOVE_NONE;
    if (best >= 0 && m->pool[best].visits) {
        m->best_visits = m->pool[best].visits;
        m->best_value = m->pool[best].value / m->pool[best].visits;
    }
    return best >= 0 ? m->pool[best].move : mv[0];
}
