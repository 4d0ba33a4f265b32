from striped_placer_sim import *
class Counting(MockRandom):
    def __init__(self, base): self.base=base; self.calls=[]
    def next(self, bits): return self.base.next(bits)
    def nextInt(self, bound):
        v = MockRandom.nextInt(self, bound); self.calls.append((bound, v)); return v
N=None
c = Counting(MockRandom()); r = place(c, 4, 3, [(1,N,False),(2,N,False),(3,N,False)]); print("A", r, c.calls)
c = Counting(MockRandom()); r = place(c, 6, 3, [(1,"a",False),(2,"a",False),(3,"b",False),(4,"b",False),(5,"c",False),(6,"c",False)]); print("B", r, c.calls)
c = Counting(MockRandom()); r = place(c, 4, 3, [(1,"a",False),(2,"b",True),(3,"c",False),(4,"c",False)]); print("C", r, c.calls)
c = Counting(JavaRandom(1)); r = place(c, 4, 3, [(1,N,False),(2,N,False),(3,N,False)]); print("D", r, c.calls)
c = Counting(JavaRandom(42)); r = place(c, 6, 3, [(1,"a",False),(2,"a",False),(3,"b",False),(4,"b",False),(5,"c",False),(6,"c",False)]); print("E", r, c.calls)
print(hashmap_order(["rack-10","rack-2","rack-1"]), [jhash(x)&15 for x in ["rack-10","rack-2","rack-1"]])
print(hashmap_order(["b","a",None]))
c = Counting(MockRandom()); r = place(c, 3, 1, [(0,N,False),(1,N,True)]); print("F", r, c.calls)
