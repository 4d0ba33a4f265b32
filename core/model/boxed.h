// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <utility>

namespace hw {

/// An optional value kept on the heap and shared between copies until one of them changes it
/// (copy on write), compared by value. For the rare, large parts of a message (a real client's group
/// request): every queued message is as large as the largest alternative of MessageBody, and the
/// queue is copied into every snapshot, so an inline optional of a few hundred bytes that only live
/// clients use would double every simulated fetch's size.
template <typename T>
class Boxed {
public:
    Boxed() = default;
    Boxed(T value) : m_value(std::make_shared<T>(std::move(value))) {}
    Boxed& operator=(T value)
    {
        m_value = std::make_shared<T>(std::move(value));
        return *this;
    }

    explicit operator bool() const { return m_value != nullptr; }
    bool has_value() const { return m_value != nullptr; }
    const T& operator*() const { return *m_value; }
    const T* operator->() const { return m_value.get(); }
    /// Changing it: a value another copy still shares is copied first.
    T& operator*() { return *detach(); }
    T* operator->() { return detach(); }
    T& emplace()
    {
        m_value = std::make_shared<T>();
        return *m_value;
    }
    void reset() { m_value.reset(); }

    friend bool operator==(const Boxed& a, const Boxed& b)
    {
        if (a.m_value == b.m_value)
            return true;
        return a.m_value && b.m_value && *a.m_value == *b.m_value;
    }

private:
    T* detach()
    {
        if (m_value && m_value.use_count() > 1)
            m_value = std::make_shared<T>(*m_value);
        return m_value.get();
    }

    std::shared_ptr<T> m_value;
};

} // namespace hw
