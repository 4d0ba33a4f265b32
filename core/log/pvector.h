// SPDX-License-Identifier: MIT
#pragma once

#include "log/hw_assert.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <utility>

namespace hw {

/// A vector with value semantics whose copies share structure.
///
/// It is a 32-way trie (the layout of Clojure's persistent vector, without the tail optimisation).
/// Copying is O(1): both copies point at the same nodes. A write goes in place when no other vector
/// can see the slot it writes, and otherwise first copies the nodes on its path (copy on write), so a
/// snapshot of the simulation state costs a few pointers however long the logs are.
///
/// Which slots another vector can see: a node shared by several vectors (a use count above one
/// somewhere on the path) shows each of them at most its first `used` slots, the ones ever written,
/// because a vector only ever sees slots below its size and every slot below a size was written.
/// A slot at or after `used` is therefore seen by nobody else, and appending there goes in place
/// even into a shared node; `used` then grows past it, so that the next vector to write there copies.
/// Logs, the payload store and a producer's batches mostly append: the live state keeps writing into
/// the nodes its snapshots and in-flight fetch responses share, and none of them pays a copy for it.
/// An append of an element equal to the one another vector already wrote in that slot takes it as it
/// is (appendGenerated): a state restored from a snapshot and replayed appends what the recorded run
/// appended, so it keeps sharing the run's nodes instead of copying them.
///
/// Leaves can be released (releaseLeaves): the leaves wholly below a given index, except those the
/// caller keeps, are dropped from this vector only, their slots set to null (copying the branches on
/// the way that other vectors see, as a write does). Copies that still share a released leaf keep it
/// until they are dropped themselves, so the memory comes back once the last holder goes. Indices keep
/// their meaning: an element keeps its index after leaves before it went, and reading a released
/// element is a logic error (HW_ASSERT). The payload store releases the payloads nothing refers to.
/// Not thread-safe: the core is single-threaded.
template <typename T>
class PVector {
    static constexpr int kBits = 5;
    static constexpr std::size_t kWidth = std::size_t{1} << kBits;
    static constexpr std::size_t kMask = kWidth - 1;

    struct Leaf {
        std::uint32_t used = 0; // slots [0, used) were written: another vector may see them
        std::array<T, kWidth> items{};
    };
    struct Branch {
        std::uint32_t used = 0;
        std::array<std::shared_ptr<void>, kWidth> kids{};
    };

public:
    PVector() = default;

    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    /// How many leaves were released (releaseLeaves); 0 unless released.
    std::size_t releasedLeaves() const { return m_releasedLeaves; }
    /// The largest bound releaseLeaves was called with (rounded down to a leaf): every leaf below it was
    /// released or kept then. 0 unless released.
    std::size_t releasedBelow() const { return m_releasedBelow; }
    /// Whether element i can be read: below size() and its leaf not released.
    bool holds(std::size_t i) const { return i < m_size && leafFor(i) != nullptr; }
    /// The leaf width: releaseLeaves releases whole leaves of this many elements.
    static constexpr std::size_t leafWidth = kWidth;

    const T& operator[](std::size_t i) const
    {
        HW_ASSERT(i < m_size);
        const Leaf* leaf = leafFor(i);
        HW_ASSERT(leaf); // not released
        return leaf->items[i & kMask];
    }

    /// Releases from this vector every leaf wholly below index n (n rounded down to a multiple of the
    /// leaf width) for which keep(index of its first element) is false: its elements can no longer be
    /// read here. Other vectors that share those leaves keep them. The last leaf (the one holding
    /// back()) is never released, so a vector always holds its root. The walk skips what was released
    /// before, so a call costs the leaves it releases and those kept, not the size.
    template <typename Keep>
    void releaseLeaves(std::size_t n, Keep&& keep)
    {
        if (m_size == 0)
            return;
        n = std::min(n, m_size - 1) & ~kMask;
        if (n == 0 || m_shift == 0)
            return;
        std::size_t released = 0;
        std::shared_ptr<void> root = releaseIn(m_root, m_shift, 0, n, true, keep, released);
        HW_ASSERT(root); // the root's last slot below the size is never released
        if (root != m_root)
            m_root = std::move(root);
        m_releasedLeaves += released;
        m_releasedBelow = std::max(m_releasedBelow, n);
    }

    /// Calls fn(index, element) for the elements of [from, to) that can be read (their leaf not
    /// released), leaf by leaf.
    template <typename Fn>
    void forEachHeld(std::size_t from, std::size_t to, Fn&& fn) const
    {
        to = std::min(to, m_size);
        std::size_t i = from;
        while (i < to) {
            const Leaf* leaf = leafFor(i);
            const std::size_t end = std::min(to, (i | kMask) + 1);
            for (; leaf && i < end; ++i)
                fn(i, leaf->items[i & kMask]);
            i = end;
        }
    }

    const T& back() const { return (*this)[m_size - 1]; }

    void push_back(T value)
    {
        appendGenerated(1, [&](std::size_t) { return std::move(value); });
    }

    /// Appends source[from, from + count). Where a whole leaf of `source` lands on a whole leaf here
    /// (both positions start a leaf), that leaf is shared, not copied: the copies hold each element
    /// once, and a later write to either copies the shared leaf first as usual.
    void appendRange(const PVector& source, std::size_t from, std::size_t count)
    {
        HW_ASSERT(from + count <= source.m_size);
        const std::size_t end = from + count;
        std::size_t i = from;
        while (i < end) {
            if ((m_size & kMask) == 0 && (i & kMask) == 0 && end - i >= kWidth) {
                HW_ASSERT(source.leafFor(i)); // not released
                appendLeaf(source.leafNodeFor(i));
                i += kWidth;
            } else {
                push_back(source[i]);
                ++i;
            }
        }
    }

    /// Replaces element i. Copies the nodes on its path that other vectors see.
    void set(std::size_t i, T value)
    {
        HW_ASSERT(i < m_size);
        mutableAt(i) = std::move(value);
    }

    /// Appends `count` elements, element j being make(j) (called once for each j, in order), leaf by
    /// leaf. Where another vector that shares the node already filled the slot with an equal element,
    /// that element is taken as it is and the node stays shared: a copy of an earlier state that
    /// appends what the state it was copied from appended (the timeline replaying a recorded run)
    /// ends up holding the same nodes, not copies of them. Writing an equal element changes nothing
    /// any vector sees, so it needs no copy; the first different element copies as any write does.
    template <typename Make>
    void appendGenerated(std::size_t count, Make&& make)
    {
        std::size_t j = 0;
        while (j < count) {
            if (m_size > 0 && m_size == capacity())
                growRoot();
            const std::size_t first = m_size;
            const auto k = static_cast<std::uint32_t>(first & kMask);
            const auto run = static_cast<std::uint32_t>(std::min<std::size_t>(count - j, kWidth - k));
            m_size += run;
            std::uint32_t n = 0;
            std::optional<T> different;
            if (const Leaf* filled = filledSharedLeaf(first)) {
                for (; n < run && k + n < filled->used; ++n) {
                    T value = make(j + n);
                    if (!(filled->items[k + n] == value)) {
                        different.emplace(std::move(value));
                        break;
                    }
                }
            }
            if (n < run) {
                // Slot k + n is writable, so are the ones after it: seen by nobody, or in a copy.
                Leaf& leaf = writableLeaf(first + n);
                leaf.used = std::max(leaf.used, k + run);
                if (different) {
                    leaf.items[k + n] = std::move(*different);
                    ++n;
                }
                for (; n < run; ++n)
                    leaf.items[k + n] = make(j + n);
            }
            j += run;
        }
    }

    /// A writable reference to element i (copying the nodes on its path that other vectors see first).
    T& mutableAt(std::size_t i) { return writableLeaf(i).items[i & kMask]; }

private:
    /// The leaf holding element i when another vector may see it and has seen slot i (an element is
    /// already there), else nullptr. Claims the slots of the branches on the way, as a write does:
    /// this vector sees them from now on.
    const Leaf* filledSharedLeaf(std::size_t i)
    {
        HW_ASSERT(i >= m_releasedBelow); // an append: never into a released leaf
        const std::shared_ptr<void>* slot = &m_root;
        bool exclusive = true;
        for (int shift = m_shift; *slot; shift -= kBits) {
            exclusive = exclusive && slot->use_count() == 1;
            if (shift == 0) {
                const auto* leaf = static_cast<const Leaf*>(slot->get());
                return !exclusive && (i & kMask) < leaf->used ? leaf : nullptr;
            }
            auto* branch = static_cast<Branch*>(slot->get());
            const auto kid = static_cast<std::uint32_t>((i >> shift) & kMask);
            if (!branch->kids[kid])
                return nullptr;
            branch->used = std::max(branch->used, kid + 1);
            slot = &branch->kids[kid];
        }
        return nullptr;
    }

    /// The leaf holding element i, writable at i (its path copied first where other vectors see it).
    Leaf& writableLeaf(std::size_t i)
    {
        // A write below what was released must find its leaf: a released one is not made again.
        HW_ASSERT(i < m_size && (i >= m_releasedBelow || leafFor(i)));
        // In place when the whole path is this vector's alone, or when the slot is one nobody has seen
        // (an append): no node to copy, none to create.
        const std::shared_ptr<void>* slot = &m_root;
        bool exclusive = true;
        for (int shift = m_shift; *slot; shift -= kBits) {
            exclusive = exclusive && slot->use_count() == 1;
            if (shift == 0) {
                auto* leaf = static_cast<Leaf*>(slot->get());
                const auto k = static_cast<std::uint32_t>(i & kMask);
                if (!exclusive && k < leaf->used)
                    break;
                leaf->used = exclusive ? viewed(m_size, i, 0) : k + 1;
                return *leaf;
            }
            auto* branch = static_cast<Branch*>(slot->get());
            const auto kid = static_cast<std::uint32_t>((i >> shift) & kMask);
            // A node still to be made (the first element of a leaf or of a subtree) is made by
            // prepare, which claims its slot as it installs it: claiming it here first would make
            // prepare copy the branch, every 32 appends, into a node that nobody else sees.
            if (!branch->kids[kid])
                break;
            // The branches on the way claim the slot taken (see prepare).
            branch->used = std::max(branch->used, kid + 1);
            slot = &branch->kids[kid];
        }
        Leaf* out = nullptr;
        std::shared_ptr<void> root = prepare(m_root, m_shift, i, m_size, true, out);
        if (root != m_root)
            m_root = std::move(root);
        return *out;
    }

public:

    /// Drops every element from index n on. Elements past the new size stay in the nodes until
    /// overwritten; a later write at those indices copies any shared node first, so other vectors
    /// never see the change.
    /// Truncating below releasedBelow() is a logic error, except to empty the vector, which also
    /// forgets what was released.
    void truncate(std::size_t n)
    {
        if (n >= m_size)
            return;
        HW_ASSERT(n == 0 || n >= m_releasedBelow);
        m_size = n;
        if (n == 0) {
            m_root.reset();
            m_shift = 0;
            m_releasedLeaves = 0;
            m_releasedBelow = 0;
        }
    }

    void clear() { truncate(0); }

    /// Calls fn(index, element) for indices [from, to), leaf by leaf.
    template <typename Fn>
    void forEach(std::size_t from, std::size_t to, Fn&& fn) const
    {
        if (to > m_size)
            to = m_size;
        std::size_t i = from;
        while (i < to) {
            const Leaf* leaf = leafFor(i);
            HW_ASSERT(leaf); // not released
            std::size_t end = std::min(to, (i | kMask) + 1);
            for (; i < end; ++i)
                fn(i, leaf->items[i & kMask]);
        }
    }

    /// True when both vectors hold the same root: a cheap "certainly equal" test.
    bool sharesRootWith(const PVector& other) const
    {
        return m_root == other.m_root && m_size == other.m_size && m_releasedLeaves == other.m_releasedLeaves;
    }

    /// True when this vector holds every node of `earlier` (it has only grown from it in place, or
    /// is it): nothing `earlier` holds was copied for this one.
    bool extends(const PVector& earlier) const
    {
        if (!earlier.m_root)
            return true;
        if (earlier.m_size > m_size || earlier.m_shift > m_shift)
            return false;
        const void* node = m_root.get();
        for (int shift = m_shift; shift > earlier.m_shift && node; shift -= kBits)
            node = static_cast<const Branch*>(node)->kids[0].get();
        // A released first subtree (null) is not the earlier vector's root: this one no longer holds it.
        return node == earlier.m_root.get();
    }

    /// True when elements [0, n) equal other's [0, n) (n at most both sizes), released leaves included:
    /// a leaf released in one vector and not in the other differs. Subtrees both vectors hold are not
    /// looked into, so a vector that extends the other answers at once.
    bool hasPrefixOf(const PVector& other, std::size_t n) const
    {
        HW_ASSERT(n <= m_size && n <= other.m_size);
        if (n == 0)
            return true;
        // Both hold [0, n) within the subtree of the smaller height: go down the taller one's first
        // children to it.
        const void* a = m_root.get();
        const void* b = other.m_root.get();
        int shift = std::min(m_shift, other.m_shift);
        for (int s = m_shift; s > shift; s -= kBits)
            a = kid(a, 0);
        for (int s = other.m_shift; s > shift; s -= kBits)
            b = kid(b, 0);
        return equalRange(a, b, shift, 0, n);
    }

    /// Equal sizes, equal elements, the same leaves released.
    friend bool operator==(const PVector& a, const PVector& b)
    {
        return a.m_size == b.m_size && a.m_releasedLeaves == b.m_releasedLeaves &&
               (a.m_root == b.m_root || a.hasPrefixOf(b, a.m_size));
    }

private:
    std::size_t capacity() const { return kWidth << m_shift; }

    /// The leaf that holds element i (i below the size), or nullptr when it was released.
    const Leaf* leafFor(std::size_t i) const
    {
        const void* node = m_root.get();
        for (int shift = m_shift; shift > 0 && node; shift -= kBits)
            node = kid(node, (i >> shift) & kMask);
        return static_cast<const Leaf*>(node);
    }

    /// Child k of a branch; nullptr for a null branch (a released subtree).
    static const void* kid(const void* branch, std::size_t k)
    {
        return branch ? static_cast<const Branch*>(branch)->kids[k].get() : nullptr;
    }

    /// The shared pointer to the leaf that holds element i.
    const std::shared_ptr<void>& leafNodeFor(std::size_t i) const
    {
        const std::shared_ptr<void>* node = &m_root;
        for (int shift = m_shift; shift > 0; shift -= kBits)
            node = &static_cast<const Branch*>(node->get())->kids[(i >> shift) & kMask];
        return *node;
    }

    /// Whether the subtrees a and b at height `shift` hold equal elements at their positions [from, to)
    /// (below both sizes). A null node is a released subtree: equal only to one released as well.
    static bool equalRange(const void* a, const void* b, int shift, std::size_t from, std::size_t to)
    {
        if (from >= to || a == b)
            return true;
        if (shift == 0) {
            if (!a || !b)
                return false;
            const auto& x = static_cast<const Leaf*>(a)->items;
            const auto& y = static_cast<const Leaf*>(b)->items;
            return std::equal(x.begin() + static_cast<std::ptrdiff_t>(from), x.begin() + static_cast<std::ptrdiff_t>(to),
                              y.begin() + static_cast<std::ptrdiff_t>(from));
        }
        const std::size_t childSpan = std::size_t{1} << shift;
        for (std::size_t k = from / childSpan; k * childSpan < to; ++k) {
            const std::size_t base = k * childSpan;
            const std::size_t lo = std::max(from, base) - base;
            const std::size_t hi = std::min(to, base + childSpan) - base;
            if (!equalRange(kid(a, k), kid(b, k), shift - kBits, lo, hi))
                return false;
        }
        return true;
    }

    /// The branch `node` (at height shift > 0, its first element at index `base`) without the leaves
    /// wholly below index `end` that keep(first index) does not keep; a branch left with no child
    /// becomes null. `exclusive`: no other vector holds a node above this one. Returns `node` when
    /// unchanged or changed in place (nobody else sees it), else its copy or nullptr, which the caller
    /// stores (copying itself in turn when shared). Counts the leaves released in `released`.
    template <typename Keep>
    static std::shared_ptr<void> releaseIn(const std::shared_ptr<void>& node, int shift, std::size_t base, std::size_t end,
                                           bool exclusive, Keep& keep, std::size_t& released)
    {
        exclusive = exclusive && node.use_count() == 1;
        const std::size_t childSpan = std::size_t{1} << shift;
        std::shared_ptr<void> target; // made on the first change: `node` itself, or its copy
        auto write = [&](std::size_t k, std::shared_ptr<void> value) {
            if (!target)
                target = exclusive ? node : std::make_shared<Branch>(*static_cast<const Branch*>(node.get()));
            static_cast<Branch*>(target.get())->kids[k] = std::move(value);
        };
        const auto& kids = static_cast<const Branch*>(node.get())->kids;
        for (std::size_t k = 0; k < kWidth && base + k * childSpan < end; ++k) {
            const std::size_t first = base + k * childSpan;
            if (!kids[k])
                continue;
            if (shift == kBits) {
                if (first + kWidth <= end && !keep(first)) {
                    write(k, nullptr);
                    ++released;
                }
                continue;
            }
            std::shared_ptr<void> child = releaseIn(kids[k], shift - kBits, first, end, exclusive, keep, released);
            if (child != kids[k])
                write(k, std::move(child));
        }
        if (!target)
            return node;
        const auto& out = static_cast<const Branch*>(target.get())->kids;
        if (std::all_of(out.begin(), out.end(), [](const std::shared_ptr<void>& k) { return !k; }))
            return nullptr;
        return target;
    }

    /// One level more above the root, for a full trie that grows.
    void growRoot()
    {
        auto branch = std::make_shared<Branch>();
        branch->kids[0] = std::move(m_root);
        branch->used = 1;
        m_root = std::move(branch);
        m_shift += kBits;
    }

    /// Appends a full leaf, shared with whoever else holds it; the size is a multiple of the width.
    void appendLeaf(const std::shared_ptr<void>& leaf)
    {
        HW_ASSERT((m_size & kMask) == 0);
        if (m_size == 0) {
            m_root = leaf;
            m_shift = 0;
            m_size = kWidth;
            return;
        }
        if (m_size == capacity())
            growRoot();
        std::shared_ptr<void> root = place(m_root, m_shift, m_size, m_size + kWidth, true, leaf);
        if (root != m_root)
            m_root = std::move(root);
        m_size += kWidth;
    }

    /// How many slots of the node at height `shift` that holds element i a vector of `size` elements
    /// sees. A node written for that vector sees no more (its copy, or one only it holds).
    static std::uint32_t viewed(std::size_t size, std::size_t i, int shift)
    {
        const std::size_t base = i & ~((kWidth << shift) - 1);
        if (size <= base)
            return 0;
        const std::size_t span = std::size_t{1} << shift;
        return static_cast<std::uint32_t>(std::min(kWidth, (size - base + span - 1) >> shift));
    }

    /// The `used` mark after writing slot k of a node: an exclusive node (or a new copy) is seen by
    /// the writing vector alone, a shared node also by every vector that saw its slots before.
    static std::uint32_t usedAfter(std::uint32_t used, bool exclusive, std::size_t size, std::size_t i, int shift,
                                   std::uint32_t k)
    {
        return std::max(exclusive ? viewed(size, i, shift) : used, k + 1);
    }

    /// Makes element i writable in the subtree `node` (null: none yet) at height `shift`, for a vector
    /// of `size` elements, and points `out` at its leaf. `exclusive`: no other vector holds a node above this
    /// one. Returns the node to keep in this place: `node` itself when written in place, else its copy
    /// or a new node, which the caller must store (copying itself in turn when others see that slot).
    static std::shared_ptr<void> prepare(const std::shared_ptr<void>& node, int shift, std::size_t i, std::size_t size,
                                         bool exclusive, Leaf*& out)
    {
        const auto k = static_cast<std::uint32_t>((i >> shift) & kMask);
        exclusive = exclusive && node && node.use_count() == 1;
        if (shift == 0) {
            std::shared_ptr<void> leaf = node;
            bool own = exclusive;
            if (!leaf) {
                leaf = std::make_shared<Leaf>();
                own = true;
            } else if (!exclusive && k < static_cast<const Leaf*>(node.get())->used) {
                leaf = std::make_shared<Leaf>(*static_cast<const Leaf*>(node.get()));
                own = true;
            }
            auto* l = static_cast<Leaf*>(leaf.get());
            l->used = usedAfter(l->used, own, size, i, 0, k);
            out = l;
            return leaf;
        }
        if (!node) {
            auto branch = std::make_shared<Branch>();
            branch->kids[k] = prepare(nullptr, shift - kBits, i, size, true, out);
            branch->used = usedAfter(0, true, size, i, shift, k);
            return branch;
        }
        auto* branch = static_cast<Branch*>(node.get());
        std::shared_ptr<void> child = prepare(branch->kids[k], shift - kBits, i, size, exclusive, out);
        if (child == branch->kids[k]) {
            // Written in place below: this vector sees slot k, so no other vector may replace it in
            // place any more (raising the mark is always safe; it only makes others copy).
            branch->used = std::max(branch->used, k + 1);
            return node;
        }
        return install(node, exclusive, shift, i, size, std::move(child));
    }

    /// Puts a whole leaf at element index i (a multiple of the width) in the subtree `node`.
    static std::shared_ptr<void> place(const std::shared_ptr<void>& node, int shift, std::size_t i, std::size_t size,
                                       bool exclusive, const std::shared_ptr<void>& leaf)
    {
        if (shift == 0)
            return leaf;
        const auto k = static_cast<std::uint32_t>((i >> shift) & kMask);
        exclusive = exclusive && node && node.use_count() == 1;
        if (!node) {
            auto branch = std::make_shared<Branch>();
            branch->kids[k] = place(nullptr, shift - kBits, i, size, true, leaf);
            branch->used = usedAfter(0, true, size, i, shift, k);
            return branch;
        }
        auto* branch = static_cast<Branch*>(node.get());
        std::shared_ptr<void> child = place(branch->kids[k], shift - kBits, i, size, exclusive, leaf);
        if (child == branch->kids[k]) {
            branch->used = std::max(branch->used, k + 1);
            return node;
        }
        return install(node, exclusive, shift, i, size, std::move(child));
    }

    /// Stores `child` in the slot of the branch `node` that holds element i: in place when nobody else
    /// can see that slot, else in a copy of the branch, which is returned.
    static std::shared_ptr<void> install(const std::shared_ptr<void>& node, bool exclusive, int shift, std::size_t i,
                                         std::size_t size, std::shared_ptr<void> child)
    {
        const auto k = static_cast<std::uint32_t>((i >> shift) & kMask);
        std::shared_ptr<void> target = node;
        bool own = exclusive;
        if (!exclusive && k < static_cast<const Branch*>(node.get())->used) {
            target = std::make_shared<Branch>(*static_cast<const Branch*>(node.get()));
            own = true;
        }
        auto* branch = static_cast<Branch*>(target.get());
        branch->kids[k] = std::move(child);
        branch->used = usedAfter(branch->used, own, size, i, shift, k);
        return target;
    }

    std::shared_ptr<void> m_root;
    std::size_t m_size = 0;
    std::size_t m_releasedLeaves = 0; // leaves released (releaseLeaves)
    std::size_t m_releasedBelow = 0;  // the largest bound of releaseLeaves
    int m_shift = 0;
};

} // namespace hw
