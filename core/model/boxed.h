// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <utility>

namespace hw {

/// An optional value kept on the heap, copied with its owner and compared by value. For the rare, large
/// parts of a message (a real client's group request and answer): every queued message is as large as the
/// largest alternative of MessageBody, and the queue is copied into the timeline's snapshots, so an inline
/// optional of a few hundred bytes that only live clients use would make every simulated fetch larger.
/// One pointer wide (a std::optional of the same value is its size plus one).
template <typename T>
class Boxed {
public:
    Boxed() = default;
    Boxed(T value) : m_value(std::make_unique<T>(std::move(value))) {}
    Boxed(const Boxed& other) : m_value(other.m_value ? std::make_unique<T>(*other.m_value) : nullptr) {}
    Boxed(Boxed&&) noexcept = default;
    Boxed& operator=(const Boxed& other)
    {
        if (this != &other)
            m_value = other.m_value ? std::make_unique<T>(*other.m_value) : nullptr;
        return *this;
    }
    Boxed& operator=(Boxed&&) noexcept = default;
    Boxed& operator=(T value)
    {
        m_value = std::make_unique<T>(std::move(value));
        return *this;
    }

    explicit operator bool() const { return m_value != nullptr; }
    bool has_value() const { return m_value != nullptr; }
    const T& operator*() const { return *m_value; }
    const T* operator->() const { return m_value.get(); }
    T& operator*() { return *m_value; }
    T* operator->() { return m_value.get(); }
    T& emplace()
    {
        m_value = std::make_unique<T>();
        return *m_value;
    }
    void reset() { m_value.reset(); }

    friend bool operator==(const Boxed& a, const Boxed& b)
    {
        if (!a.m_value || !b.m_value)
            return !a.m_value && !b.m_value;
        return *a.m_value == *b.m_value;
    }

private:
    std::unique_ptr<T> m_value;
};

} // namespace hw
