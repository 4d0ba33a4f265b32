# The expected assignments of tests/core/test_topic_placement.cpp, computed independently of the C++:
# HighWater's run generator (core/model/rng.h: SplitMix64 seeding, xoshiro256**, Lemire's below) in
# Python, Engine::createCluster's order of draws (each rack-unaware topic draws start and shift with
# below(brokers); the first striped topic seeds java.util.Random with the generator's next value, which
# every later striped topic shares), and the placer model of striped_placer_sim.py.
# Run: python3 striped_placer_scenario_rows.py
from striped_placer_sim import JavaRandom, place

M64 = (1 << 64) - 1


class Rng:  # core/model/rng.h
    def __init__(self, seed):
        x = seed
        self.s = []
        for _ in range(4):
            x = (x + 0x9E3779B97F4A7C15) & M64
            z = x
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
            self.s.append(z ^ (z >> 31))

    @staticmethod
    def rotl(x, k):
        return ((x << k) | (x >> (64 - k))) & M64

    def next(self):
        s = self.s
        result = (self.rotl((s[1] * 5) & M64, 7) * 9) & M64
        t = (s[1] << 17) & M64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = self.rotl(s[3], 45)
        return result

    def below(self, bound):
        x = self.next()
        m = x * bound
        low = m & M64
        if low < bound:
            threshold = ((1 << 64) - bound) % bound
            while low < threshold:
                x = self.next()
                m = x * bound
                low = m & M64
        return m >> 64


def rack_unaware(brokers, nparts, rf, start, shift):  # controller/placement.cpp assignReplicasRackUnaware
    n = len(brokers)
    out = []
    nrs = shift
    for p in range(nparts):
        if p > 0 and p % n == 0:
            nrs += 1
        first = (p + start) % n
        reps = [brokers[first]]
        for j in range(rf - 1):
            reps.append(brokers[(first + 1 + (nrs + j) % (n - 1)) % n])
        out.append(reps)
    return out


def create(seed, nbrokers, racks, topics):
    """topics: [(name, partitions, rf, "striped" | "rack-unaware")], in file order."""
    rng = Rng(seed)
    placer_random = None
    ids = list(range(1, nbrokers + 1))
    out = {}
    for name, nparts, rf, kind in topics:
        if kind == "rack-unaware":
            start = rng.below(nbrokers)
            shift = rng.below(nbrokers)
            out[name] = rack_unaware(ids, nparts, rf, start, shift)
        else:
            if placer_random is None:
                v = rng.next()
                placer_random = JavaRandom(v - (1 << 64) if v >= (1 << 63) else v)  # static_cast<int64_t>
            out[name] = place(placer_random, nparts, rf, [(b, racks[b - 1] if racks else None, False) for b in ids])
    return out


if __name__ == "__main__":
    six = ["a", "a", "b", "b", "c", "c"]
    rows = [
        ("SixBrokersInThreeRacks", 1, 6, six, [("orders", 6, 3, "striped")]),
        ("BrokersWithoutARack", 5, 4, ["r1", None, "r1", "r2"], [("events", 4, 2, "striped")]),
        ("WithoutRacks", 1, 6, None, [("orders", 6, 3, "striped")]),
        ("RackUnawareThenStriped", 9, 3, None,
         [("legacy", 3, 2, "rack-unaware"), ("orders", 3, 3, "striped"), ("audit", 2, 2, "striped")]),
        ("RackUnaware", 1, 3, None, [("orders", 6, 3, "rack-unaware")]),
        ("SameSeed (seed 4)", 4, 6, six, [("orders", 6, 3, "striped"), ("audit", 5, 2, "striped")]),
        ("AnotherSeed (seed 1)", 1, 6, six, [("orders", 6, 3, "striped"), ("audit", 5, 2, "striped")]),
    ]
    for name, seed, n, racks, topics in rows:
        print(name, create(seed, n, racks, topics))
