# Python model of StripedReplicaPlacer (metadata/.../placement/StripedReplicaPlacer.java, 3.7.0 == 4.2.0-rc1)
# used to check the pseudo-code of kafka-placement-and-version-plumbing.md against StripedReplicaPlacerTest.
M64 = (1 << 64) - 1

class MockRandom:          # server-common/src/test/.../server/util/MockRandom.java
    def __init__(self, state=17): self.state = state
    def next(self, bits):
        self.state = (self.state * 2862933555777941757 + 3037000493) & M64
        v = self.state >> (64 - bits)
        return v - (1 << 32) if v >= (1 << 31) else v   # (int) cast
    def nextInt(self, bound):   # java.util.Random.nextInt(int)
        r = self.next(31); m = bound - 1
        if bound & m == 0:
            return (bound * r) >> 31
        u = r
        while True:
            r = u % bound
            if u - r + m < (1 << 31): return r   # int overflow check: u - r + m < 0 in Java
            u = self.next(31)

class JavaRandom(MockRandom):   # java.util.Random(seed)
    def __init__(self, seed): self.seed = (seed ^ 0x5DEECE66D) & ((1 << 48) - 1)
    def next(self, bits):
        self.seed = (self.seed * 0x5DEECE66D + 0xB) & ((1 << 48) - 1)
        v = self.seed >> (48 - bits)
        v &= 0xFFFFFFFF
        return v - (1 << 32) if v >= (1 << 31) else v

def shuffle(lst, rnd):          # Collections.shuffle(List, Random)
    for i in range(len(lst), 1, -1):
        j = rnd.nextInt(i); lst[i-1], lst[j] = lst[j], lst[i-1]

def jhash(rack):                # Optional<String>.hashCode, then HashMap.hash spread
    if rack is None: h = 0
    else:
        h = 0
        for c in rack.encode('utf-16-le').decode('utf-16-le'):
            h = (31 * h + ord(c)) & 0xFFFFFFFF
    return h ^ (h >> 16)

def hashmap_order(keys_in_insertion_order):
    # HashMap iteration order for <= 8 keys per bucket (no treeify): bucket index, then insertion order
    cap = 16; n = 0
    for _ in keys_in_insertion_order:
        n += 1
        if n > cap * 3 // 4: cap *= 2
    idx = {k: i for i, k in enumerate(keys_in_insertion_order)}
    return sorted(keys_in_insertion_order, key=lambda k: (jhash(k) & (cap - 1), idx[k]))

class BrokerList:
    def __init__(self): self.brokers = []; self.index = 0; self.offset = 0; self.epoch = 0
    def initialize(self, rnd):
        if self.brokers:
            self.brokers.sort(); self.offset = rnd.nextInt(len(self.brokers))
    def next(self, epoch):
        if not self.brokers: return -1
        if self.epoch != epoch:
            self.epoch = epoch; self.index = 0; self.offset = (self.offset + 1) % len(self.brokers)
        if self.index >= len(self.brokers): return -1
        b = self.brokers[(self.index + self.offset) % len(self.brokers)]; self.index += 1; return b

class Rack:
    def __init__(self): self.fenced = BrokerList(); self.unfenced = BrokerList()
    def initialize(self, rnd): self.fenced.initialize(rnd); self.unfenced.initialize(rnd)
    def shuffle(self, rnd): shuffle(self.fenced.brokers, rnd); shuffle(self.unfenced.brokers, rnd)
    def next(self, epoch):
        r = self.unfenced.next(epoch)
        return r if r >= 0 else self.fenced.next(epoch)

class Invalid(Exception): pass

class RackList:
    def __init__(self, rnd, brokers):   # brokers: [(id, rack or None, fenced)] in iterator order
        self.rnd = rnd; self.racks = {}; self.rackNames = []; tot = unf = 0
        for (bid, rack, fenced) in brokers:
            if rack not in self.racks:
                self.rackNames.append(rack); self.racks[rack] = Rack()
            if fenced: self.racks[rack].fenced.brokers.append(bid)
            else: unf += 1; self.racks[rack].unfenced.brokers.append(bid)
            tot += 1
        self.order = hashmap_order(list(self.racks.keys()))   # racks.values() order
        for k in self.order: self.racks[k].initialize(rnd)
        self.rackNames.sort(key=lambda r: (r is not None, r or ""))
        self.numTotal = tot; self.numUnfenced = unf; self.epoch = 0
        self.offset = rnd.nextInt(len(self.rackNames)) if self.rackNames else 0
    def place(self, rf):
        if rf <= 0: raise Invalid("Invalid replication factor %d: the replication factor must be positive." % rf)
        if rf > self.numTotal: raise Invalid("The target replication factor of %d cannot be reached because only %d broker(s) are registered." % (rf, self.numTotal))
        if self.numUnfenced == 0: raise Invalid("All brokers are currently fenced.")
        if self.epoch == self.numUnfenced and self.numUnfenced > 1:
            shuffle(self.rackNames, self.rnd)
            for k in self.order: self.racks[k].shuffle(self.rnd)
            self.epoch = 0
        if self.offset == len(self.rackNames): self.offset = 0
        out = []; first = self.offset
        while True:
            r = self.racks[self.rackNames[first]].unfenced.next(self.epoch)
            if r >= 0: out.append(r); break
            first += 1
            if first == len(self.rackNames): first = 0
        ri = self.offset
        for _ in range(1, rf):
            r = -1
            while True:
                if ri == first: first = -1
                else: r = self.racks[self.rackNames[ri]].next(self.epoch)
                ri += 1
                if ri == len(self.rackNames): ri = 0
                if r >= 0: break
            out.append(r)
        self.epoch += 1; self.offset += 1
        return out

def place(rnd, nparts, rf, brokers):     # StripedReplicaPlacer.place
    rl = RackList(rnd, brokers)
    if rf <= 0: raise Invalid("Invalid replication factor %d: the replication factor must be positive." % rf)
    if rl.numUnfenced == 0: raise Invalid("All brokers are currently fenced.")
    if rf > rl.numTotal: raise Invalid("The target replication factor of %d cannot be reached because only %d broker(s) are registered." % (rf, rl.numTotal))
    return [rl.place(rf) for _ in range(nparts)]

def err(f):
    try: f(); return None
    except Invalid as e: return str(e)

if __name__ == "__main__":
    ok = True
    def check(name, got, want):
        global ok
        s = "ok" if got == want else "MISMATCH"
        if got != want: ok = False
        print(f"{s:8} {name}: {got}" + ("" if got == want else f"  want {want}"))
    N = None
    rl = RackList(MockRandom(), [(3,N,False),(1,N,True),(0,N,False),(4,N,False),(2,N,False)])
    check("testAvoidFencedReplicaIfPossibleOnSingleRack", [rl.place(4) for _ in range(5)],
          [[3,4,0,2],[4,0,2,3],[0,2,3,4],[2,3,4,0],[0,4,3,2]])
    check("testMultiPartitionTopicPlacementOnSingleUnfencedBroker", place(MockRandom(), 3, 1, [(0,N,False),(1,N,True)]), [[0],[0],[0]])
    rl = RackList(MockRandom(), [(3,N,False),(1,N,True),(2,N,False)])
    check("testPlacementOnFencedReplicaOnSingleRack", [rl.place(3) for _ in range(4)], [[3,2,1],[2,3,1],[3,2,1],[2,3,1]])
    rl = RackList(MockRandom(), [(11,"1",False),(10,"1",False),(30,"3",False),(31,"3",False),(21,"2",False),(20,"2",True)])
    check("testRackListWithMultipleRacks", [rl.place(4) for _ in range(3)], [[11,21,31,10],[21,30,10,20],[31,11,21,30]])
    rl = RackList(MockRandom(), [(11,"1",False),(10,"1",False),(30,"3",True),(31,"3",True),(20,"2",True),(21,"2",True),(41,"4",False),(40,"4",True)])
    check("testRackListWithInvalidRacks", [rl.place(4) for _ in range(3)], [[41,11,21,30],[10,20,31,41],[41,21,30,11]])
    check("testAllBrokersFenced", err(lambda: place(MockRandom(), 1, 1, [(11,"1",True),(10,"1",True)])), "All brokers are currently fenced.")
    check("testNotEnoughBrokers", err(lambda: place(MockRandom(), 1, 3, [(11,"1",False),(10,"1",False)])), "The target replication factor of 3 cannot be reached because only 2 broker(s) are registered.")
    check("testNonPositiveReplicationFactor", err(lambda: place(MockRandom(), 1, 0, [(11,"1",False),(10,"1",False)])), "Invalid replication factor 0: the replication factor must be positive.")
    check("testSuccessfulPlacement", place(MockRandom(), 5, 3, [(0,N,False),(3,N,False),(2,N,False),(1,N,False)]), [[2,3,0],[3,0,1],[0,1,2],[1,2,3],[1,0,2]])
    ta = place(MockRandom(), 200, 2, [(0,N,False),(1,N,False),(2,N,False),(3,N,False)])
    from collections import Counter
    c = Counter(tuple(p) for p in ta)
    check("testEvenDistribution", dict(sorted(c.items())), {(0,1):14,(0,2):22,(0,3):14,(1,0):17,(1,2):17,(1,3):16,(2,0):13,(2,1):17,(2,3):20,(3,0):20,(3,1):19,(3,2):11})
    check("testRackListAllBrokersFenced", err(lambda: RackList(MockRandom(), [(0,N,True),(1,N,True),(2,N,True)]).place(3)), "All brokers are currently fenced.")
    check("testRackListNotEnoughBrokers", err(lambda: RackList(MockRandom(), [(11,"1",False),(10,"1",False)]).place(3)), "The target replication factor of 3 cannot be reached because only 2 broker(s) are registered.")
    check("testRackListNonPositiveReplicationFactor", err(lambda: RackList(MockRandom(), [(11,"1",False),(10,"1",False)]).place(-1)), "Invalid replication factor -1: the replication factor must be positive.")
    # MockRandom(17) first draws, for C++ unit tests of the generator
    m = MockRandom(); print("MockRandom(17).nextInt(5) x6:", [m.nextInt(5) for _ in range(6)])
    m = MockRandom(); print("MockRandom(17).next(31) x3:", [m.next(31) for _ in range(3)])
    j = JavaRandom(42); print("new Random(42).nextInt(10) x6:", [j.nextInt(10) for _ in range(6)])
    j = JavaRandom(0); print("new Random(0).nextInt(100) x3:", [j.nextInt(100) for _ in range(3)])
    print("ALL OK" if ok else "SOME MISMATCH")
