// SPDX-License-Identifier: MIT
#pragma once

#include "log/hw_assert.h"

#include <array>
#include <cstddef>
#include <memory>
#include <utility>

namespace hw {

/// A vector with value semantics whose copies share structure.
///
/// It is a 32-way trie (the layout of Clojure's persistent vector, without the tail optimisation).
/// Copying is O(1): both copies point at the same nodes. A write first copies the nodes on its path
/// that another vector still references (copy on write, decided by the shared_ptr use count), so a
/// snapshot of the simulation state costs a few pointers however long the logs are, and the live
/// state pays only for the paths it changes afterwards. Not thread-safe: the core is single-threaded.
template <typename T>
class PVector {
    static constexpr int kBits = 5;
    static constexpr std::size_t kWidth = std::size_t{1} << kBits;
    static constexpr std::size_t kMask = kWidth - 1;

    struct Leaf {
        std::array<T, kWidth> items{};
    };
    struct Branch {
        std::array<std::shared_ptr<void>, kWidth> kids{};
    };

public:
    PVector() = default;

    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }

    const T& operator[](std::size_t i) const
    {
        HW_ASSERT(i < m_size);
        const void* node = m_root.get();
        for (int shift = m_shift; shift > 0; shift -= kBits)
            node = static_cast<const Branch*>(node)->kids[(i >> shift) & kMask].get();
        return static_cast<const Leaf*>(node)->items[i & kMask];
    }

    const T& back() const { return (*this)[m_size - 1]; }

    void push_back(T value)
    {
        if (!m_root) {
            m_root = std::make_shared<Leaf>();
            m_shift = 0;
        } else if (m_size == capacity()) {
            auto branch = std::make_shared<Branch>();
            branch->kids[0] = std::move(m_root);
            m_root = std::move(branch);
            m_shift += kBits;
        }
        ++m_size;
        mutableAt(m_size - 1) = std::move(value);
    }

    /// Replaces element i. Copies the nodes on its path that other vectors share.
    void set(std::size_t i, T value)
    {
        HW_ASSERT(i < m_size);
        mutableAt(i) = std::move(value);
    }

    /// A writable reference to element i (copying shared nodes on its path first).
    T& mutableAt(std::size_t i)
    {
        HW_ASSERT(i < m_size);
        std::shared_ptr<void>* slot = &m_root;
        for (int shift = m_shift; shift > 0; shift -= kBits) {
            makeUnique<Branch>(*slot);
            slot = &static_cast<Branch*>(slot->get())->kids[(i >> shift) & kMask];
        }
        makeUnique<Leaf>(*slot);
        return static_cast<Leaf*>(slot->get())->items[i & kMask];
    }

    /// Drops every element from index n on. Elements past the new size stay in the nodes until
    /// overwritten; a later write at those indices copies any shared node first, so other vectors
    /// never see the change.
    void truncate(std::size_t n)
    {
        if (n >= m_size)
            return;
        m_size = n;
        if (n == 0) {
            m_root.reset();
            m_shift = 0;
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
            std::size_t end = std::min(to, (i | kMask) + 1);
            for (; i < end; ++i)
                fn(i, leaf->items[i & kMask]);
        }
    }

    /// True when both vectors hold the same root: a cheap "certainly equal" test.
    bool sharesRootWith(const PVector& other) const { return m_root == other.m_root && m_size == other.m_size; }

    friend bool operator==(const PVector& a, const PVector& b)
    {
        if (a.m_size != b.m_size)
            return false;
        if (a.m_root == b.m_root)
            return true;
        for (std::size_t i = 0; i < a.m_size;) {
            const Leaf* la = a.leafFor(i);
            const Leaf* lb = b.leafFor(i);
            std::size_t end = std::min(a.m_size, (i | kMask) + 1);
            if (la == lb) {
                i = end;
                continue;
            }
            for (; i < end; ++i) {
                if (!(la->items[i & kMask] == lb->items[i & kMask]))
                    return false;
            }
        }
        return true;
    }

private:
    std::size_t capacity() const { return kWidth << m_shift; }

    const Leaf* leafFor(std::size_t i) const
    {
        const void* node = m_root.get();
        for (int shift = m_shift; shift > 0; shift -= kBits)
            node = static_cast<const Branch*>(node)->kids[(i >> shift) & kMask].get();
        return static_cast<const Leaf*>(node);
    }

    template <typename Node>
    static void makeUnique(std::shared_ptr<void>& slot)
    {
        if (!slot)
            slot = std::make_shared<Node>();
        else if (slot.use_count() > 1)
            slot = std::make_shared<Node>(*static_cast<const Node*>(slot.get()));
    }

    std::shared_ptr<void> m_root;
    std::size_t m_size = 0;
    int m_shift = 0;
};

} // namespace hw
