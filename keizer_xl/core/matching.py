"""Maximum-cardinality matching in a general graph (Edmonds' blossom algorithm, 1965).

The Keizer pairing is "the lexicographically first complete pairing", found "without
exponential blow-up (check feasibility with a matching, do not enumerate)" (KEIZER-RULES.md
section 5): a complete pairing is a perfect matching of the graph of allowed pairs.
:class:`Matching` keeps one perfect matching of the remaining graph and answers "if a plays b,
can everybody else still be paired?" with at most one augmenting-path search
(:meth:`Matching.try_pair`): remove ``a`` and ``b``; the rest can be paired iff an augmenting
path joins their former partners (Berge).  One search is O(V^2 + E), usually a few steps.
Blossoms are contracted by pointing each member's ``base`` at the blossom's base; paths through
one are recovered from ``parent`` pointers, so no contracted graph is built.  Deterministic:
int vertices in sets, no randomness; the final pairing does not depend on which perfect
matching is found.
"""
from __future__ import annotations

from collections.abc import Iterable


class Matching:
    """A matching on the vertices ``0 .. n-1`` of a graph that can lose vertices and edges.

    ``mate[v]`` is v's partner or -1.  ``alive[v]`` is False once v has been removed (paired
    for good by :meth:`try_pair`); removed vertices are invisible to every search.
    """

    __slots__ = ("adj", "alive", "mate", "n")

    def __init__(self, n: int, edges: Iterable[tuple[int, int]] = ()):
        self.n = n
        self.adj: list[set[int]] = [set() for _ in range(n)]
        self.mate: list[int] = [-1] * n
        self.alive: list[bool] = [True] * n
        for u, v in edges:
            self.add_edge(u, v)

    # ------------------------------------------------------------------ graph edits

    def add_edge(self, u: int, v: int) -> None:
        if u == v:
            raise ValueError(f"no loops in a pairing graph (vertex {u})")
        self.adj[u].add(v)
        self.adj[v].add(u)

    @classmethod
    def from_adjacency(cls, adj: list[set[int]]) -> Matching:
        """A matching (empty) on a graph given as adjacency sets, taken over as they are
        (building a dense graph edge by edge costs more than the whole pairing walk)."""
        m = cls.__new__(cls)
        m.n = len(adj)
        m.adj = adj
        m.mate = [-1] * m.n
        m.alive = [True] * m.n
        for u, nb in enumerate(adj):
            if u in nb:
                raise ValueError(f"no loops in a pairing graph (vertex {u})")
        return m

    def copy(self) -> Matching:
        other = Matching.__new__(Matching)
        other.n = self.n
        other.adj = [set(s) for s in self.adj]
        other.mate = list(self.mate)
        other.alive = list(self.alive)
        return other

    # ------------------------------------------------------------------ queries

    def size(self) -> int:
        return sum(1 for v in range(self.n) if self.alive[v] and self.mate[v] > v)

    def is_perfect(self) -> bool:
        """Every live vertex is matched (to a live vertex)."""
        return all(self.mate[v] != -1 for v in range(self.n) if self.alive[v])

    def pairs(self) -> list[tuple[int, int]]:
        return [(v, self.mate[v]) for v in range(self.n) if self.alive[v] and self.mate[v] > v]

    # ------------------------------------------------------------------ matching

    def maximise(self) -> int:
        """Grow the current matching to a maximum one; returns its size.  A greedy pass, then one
        search per free vertex: one pass suffices (augmenting elsewhere never creates a path
        from a vertex that had none)."""
        mate, alive, adj = self.mate, self.alive, self.adj
        for v in range(self.n):
            if alive[v] and mate[v] == -1:
                # the lowest free neighbour (deterministic; in a dense graph the scan upwards
                # stops after a step or two, cheaper than sorting the row)
                nb = adj[v]
                for w in (sorted(nb) if 4 * len(nb) < self.n else range(self.n)):
                    if mate[w] == -1 and w != v and alive[w] and w in nb:
                        mate[v], mate[w] = w, v
                        break
        for v in range(self.n):
            if alive[v] and mate[v] == -1:
                end = self._search(v)
                if end is not None:
                    self._augment(*end)
        return self.size()

    def try_pair(self, a: int, b: int) -> bool:
        """Pair ``a`` with ``b`` for good if the other live vertices can still all be matched
        (the matching perfect on the live vertices and a-b an edge); else change nothing."""
        mate, alive = self.mate, self.alive
        if not (alive[a] and alive[b]) or b not in self.adj[a]:
            return False
        if mate[a] == b:
            alive[a] = alive[b] = False
            return True
        a2, b2 = mate[a], mate[b]
        if a2 == -1 or b2 == -1:
            raise ValueError("try_pair needs a perfect matching of the live vertices")
        alive[a] = alive[b] = False
        mate[a2] = mate[b2] = -1
        # a2 and b2 are now the only free live vertices, so an augmenting path from a2 can
        # only end in b2; the direct edge is by far the most common case, try it first.
        if b2 in self.adj[a2]:
            mate[a2], mate[b2] = b2, a2
        elif not self._short_path(a2, b2):
            # the next most common case (dense graphs): a2 - x = y - b2, found by _short_path;
            # otherwise the general search
            end = self._search(a2)
            if end is None:
                alive[a] = alive[b] = True
                mate[a2], mate[b2] = a, b
                return False
            self._augment(*end)
        mate[a], mate[b] = b, a
        return True

    def drop_edge(self, u: int, v: int) -> bool:
        """Remove edge u-v unless every perfect matching of the live vertices needs it (then
        False, edge kept)."""
        if v not in self.adj[u]:
            return True
        self.adj[u].discard(v)
        self.adj[v].discard(u)
        if self.mate[u] != v:
            return True
        self.mate[u] = self.mate[v] = -1
        end = self._search(u)
        if end is None:
            self.adj[u].add(v)
            self.adj[v].add(u)
            self.mate[u], self.mate[v] = v, u
            return False
        self._augment(*end)
        return True

    # ------------------------------------------------------------------ the search

    def _short_path(self, a: int, b: int) -> bool:
        """Augment along a - x = mate(x) - b (the only free vertices are a and b) if such a
        path of length 3 exists; one pass over a's neighbours, no search trees."""
        adj, mate, alive = self.adj, self.mate, self.alive
        nb_b = adj[b]
        for x in adj[a]:
            if not alive[x]:
                continue
            y = mate[x]
            if y != -1 and y in nb_b:
                mate[a], mate[x] = x, a
                mate[y], mate[b] = b, y
                return True
        return False

    def _search(self, root: int) -> tuple[int, list[int]] | None:
        """Alternating-tree search from the free vertex ``root``: ``(end, parent)`` for an
        augmenting path to the free vertex ``end``, or None."""
        n = self.n
        adj, mate, alive = self.adj, self.mate, self.alive
        base = list(range(n))
        parent = [-1] * n  # for inner vertices (and outer ones inside blossoms): tree edge back
        outer = [False] * n
        outer[root] = True
        queue = [root]
        head = 0
        while head < len(queue):
            v = queue[head]
            head += 1
            for w in adj[v]:
                if not alive[w] or mate[v] == w or base[v] == base[w]:
                    continue
                if outer[w]:
                    # Two outer vertices in different blossoms: an odd cycle.  Contract it.
                    b = self._common_base(v, w, base, parent)
                    in_blossom = [False] * n
                    self._mark_path(v, b, w, base, parent, in_blossom)
                    self._mark_path(w, b, v, base, parent, in_blossom)
                    for x in range(n):
                        if in_blossom[base[x]]:
                            base[x] = b
                            if not outer[x]:
                                # inner vertices of the cycle become outer: they can now be
                                # left through the cycle with the right parity
                                outer[x] = True
                                queue.append(x)
                elif parent[w] == -1:
                    parent[w] = v
                    m = mate[w]
                    if m == -1:
                        return w, parent
                    outer[m] = True
                    queue.append(m)
        return None

    def _common_base(self, a: int, b: int, base: list[int], parent: list[int]) -> int:
        """Base of the smallest blossom holding both outer vertices a and b (their tree LCA)."""
        mate = self.mate
        seen = set()
        while True:
            a = base[a]
            seen.add(a)
            if mate[a] == -1:  # the root
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if b in seen:
                return b
            b = parent[mate[b]]

    def _mark_path(self, v: int, b: int, child: int, base: list[int], parent: list[int],
                   in_blossom: list[bool]) -> None:
        """Walk from outer v up to the blossom base b, flagging the blossoms passed and
        re-pointing ``parent`` so a path can later leave the cycle the other way round."""
        mate = self.mate
        while base[v] != b:
            m = mate[v]
            in_blossom[base[v]] = True
            in_blossom[base[m]] = True
            parent[v] = child
            child = m
            v = parent[m]

    def _augment(self, end: int, parent: list[int]) -> None:
        """Flip the augmenting path that ends in the free vertex ``end``."""
        mate = self.mate
        v = end
        while v != -1:
            p = parent[v]
            nxt = mate[p]
            mate[v], mate[p] = p, v
            v = nxt

