// SPDX-License-Identifier: MIT
#include "realkafka/harness.h"

#include "realkafka/process.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

namespace hw::realkafka {

using Clock = std::chrono::steady_clock;
using nlohmann::json;

namespace {
/// The longest a command line waits for the harness to take it.
constexpr std::chrono::milliseconds commandWriteWait { 120000 };
/// A field of a harness line, or HarnessError naming it.
const json& field(const json& line, const char* name, const char* what)
{
    if (!line.is_object() || !line.contains(name))
        throw HarnessError(std::string(what) + " has no \"" + name + "\"");
    return line.at(name);
}

std::string textField(const json& line, const char* name, const char* what)
{
    const json& value = field(line, name, what);
    if (!value.is_string())
        throw HarnessError(std::string(what) + ": \"" + name + "\" is not a string");
    return value.get<std::string>();
}

std::int64_t integerField(const json& line, const char* name, const char* what)
{
    const json& value = field(line, name, what);
    if (!value.is_number_integer())
        throw HarnessError(std::string(what) + ": \"" + name + "\" is not an integer");
    return value.get<std::int64_t>();
}

std::int32_t partitionField(const json& line, const char* what)
{
    const std::int64_t partition = integerField(line, "partition", what);
    if (partition < 0 || partition > INT32_MAX)
        throw HarnessError(std::string(what) + ": \"partition\" " + std::to_string(partition) + " is out of range");
    return static_cast<std::int32_t>(partition);
}

bool boolField(const json& line, const char* name, const char* what)
{
    const json& value = field(line, name, what);
    if (!value.is_boolean())
        throw HarnessError(std::string(what) + ": \"" + name + "\" is not true or false");
    return value.get<bool>();
}

std::optional<std::string> nullableText(const json& line, const char* name, const char* what)
{
    if (!line.contains(name) || line.at(name).is_null())
        return std::nullopt;
    return textField(line, name, what);
}

const json& arrayField(const json& line, const char* name, const char* what)
{
    const json& value = field(line, name, what);
    if (!value.is_array())
        throw HarnessError(std::string(what) + ": \"" + name + "\" is not an array");
    return value;
}

} // namespace

ConsumedRecord parseConsumedRecord(const json& line)
{
    const char* what = "a consumer's record line";
    ConsumedRecord record;
    record.consumer = textField(line, "consumer", what);
    record.topic = textField(line, "topic", what);
    record.partition = partitionField(line, what);
    record.offset = integerField(line, "offset", what);
    if (line.contains("leader_epoch"))
        record.leaderEpoch = static_cast<std::int32_t>(integerField(line, "leader_epoch", what));
    record.key = nullableText(line, "key", what);
    record.value = nullableText(line, "value", what);
    return record;
}

ConsumerStatus parseConsumerStatus(const json& snapshot)
{
    const char* what = "a consumer's status";
    ConsumerStatus status;
    status.name = textField(snapshot, "name", what);
    status.group = textField(snapshot, "group", what);
    status.open = boolField(snapshot, "open", what);
    status.autoPoll = boolField(snapshot, "auto_poll", what);
    status.polls = integerField(snapshot, "polls", what);
    if (status.open) {
        status.memberId = textField(snapshot, "member_id", what);
        status.generation = static_cast<std::int32_t>(integerField(snapshot, "generation", what));
        status.leader = boolField(snapshot, "leader", what);
    }
    for (const json& item : arrayField(snapshot, "assignment", what)) {
        ConsumerStatus::Owned owned;
        owned.topic = textField(item, "topic", what);
        owned.partition = partitionField(item, what);
        if (item.contains("position") && !item.at("position").is_null())
            owned.position = integerField(item, "position", what);
        status.assignment.push_back(owned);
    }
    return status;
}

std::vector<GroupDescription> parseGroupDescriptions(const json& line)
{
    const char* what = "a group description";
    std::vector<GroupDescription> groups;
    for (const json& item : arrayField(line, "groups", what)) {
        GroupDescription group;
        group.group = textField(item, "group", what);
        group.state = textField(item, "state", what);
        group.protocol = item.contains("protocol") && item.at("protocol").is_null() ? "" : textField(item, "protocol", what);
        group.coordinator = static_cast<std::int32_t>(integerField(item, "coordinator", what));
        for (const json& m : arrayField(item, "members", what)) {
            GroupDescription::Member member;
            member.memberId = textField(m, "member_id", what);
            member.clientId = textField(m, "client_id", what);
            for (const json& p : arrayField(m, "assignment", what))
                member.assignment.push_back({ textField(p, "topic", what), partitionField(p, what) });
            group.members.push_back(member);
        }
        for (const json& c : arrayField(item, "committed", what))
            group.committed.push_back({ textField(c, "topic", what), partitionField(c, what), integerField(c, "offset", what) });
        groups.push_back(group);
    }
    return groups;
}

struct Harness::Impl {
    std::unique_ptr<ChildProcess> process;
    std::filesystem::path logFile;
    std::string pending; // bytes read and not yet a whole line
    std::vector<SendOutcome> outcomes;
    std::vector<ConsumedRecord> consumed;
    std::int64_t nextId = 1;
    std::int64_t nextCommand = 1; // ids of consumer commands ("c-N"), apart from the sends' numbers

    [[noreturn]] void fail(const std::string& what) const
    {
        throw HarnessError("the client harness " + what + " (its log: " + logFile.string() + ")");
    }

    /// Writes one command line. The harness answers on its producers' threads while it reads commands,
    /// so what it says is read meanwhile: a full output pipe would stop its producers, and then its
    /// command reader, and then this write (a deadlock for a large produce step). Bounded by
    /// commandWriteWait: the harness reads its next command at the latest when a send's max.block.ms
    /// (60 s by default) is over.
    void write(const json& command)
    {
        const std::string line = command.dump() + "\n";
        std::size_t done = 0;
        const auto deadline = Clock::now() + commandWriteWait;
        while (done < line.size()) {
            pollfd fds[2] = { { process->stdinFd(), POLLOUT, 0 }, { process->stdoutFd(), POLLIN, 0 } };
            const int ready = ::poll(fds, 2, 1000);
            if (ready < 0 && errno != EINTR)
                fail("cannot be written to: " + std::string(std::strerror(errno)));
            if (Clock::now() >= deadline)
                fail("took no command for " + std::to_string(commandWriteWait.count() / 1000) + " s");
            if (ready <= 0)
                continue;
            if (fds[1].revents & (POLLIN | POLLHUP))
                readAvailable();
            if (fds[0].revents & (POLLERR | POLLHUP))
                fail("stopped reading commands");
            if (!(fds[0].revents & POLLOUT))
                continue;
            const ssize_t n = ::write(process->stdinFd(), line.data() + done, line.size() - done);
            if (n < 0 && (errno == EINTR || errno == EAGAIN))
                continue;
            if (n <= 0)
                fail("stopped reading commands (" + std::string(std::strerror(errno)) + ")");
            done += static_cast<std::size_t>(n);
        }
    }

    /// Appends what the harness said to `pending` without waiting; readLine takes the lines from there.
    void readAvailable()
    {
        char buffer[65536];
        const ssize_t n = ::read(process->stdoutFd(), buffer, sizeof buffer);
        if (n > 0)
            pending.append(buffer, static_cast<std::size_t>(n));
    }

    /// Records an ack or an error of a send, and a consumer's record; other events are returned to the caller.
    bool record(const json& event)
    {
        const std::string kind = event.value("event", "");
        if (kind == "record") {
            if (consumed.size() >= consumedRecordsMax)
                fail("handed consumers more than " + std::to_string(consumedRecordsMax) + " records (consumedRecordsMax)");
            consumed.push_back(parseConsumedRecord(event));
            return true;
        }
        if ((kind != "ack" && kind != "error") || !event.contains("id") || !event["id"].is_number_integer()
            || !event.contains("producer"))
            return false;
        const std::int64_t id = event["id"].get<std::int64_t>();
        if (id < 1 || id > static_cast<std::int64_t>(outcomes.size()))
            return false;
        SendOutcome& o = outcomes[static_cast<std::size_t>(id - 1)];
        o.answered = true;
        o.acked = kind == "ack";
        o.offset = event.value("offset", std::int64_t(-1));
        o.error = kind == "error" ? event.value("error", "") : "";
        o.message = kind == "error" ? event.value("message", "") : "";
        o.elapsedMs = event.value("elapsed_ms", std::int64_t(0));
        if (event.contains("partition") && event["partition"].is_number_integer())
            o.partition = event["partition"].get<std::int32_t>();
        return true;
    }

    /// Reads one line within the deadline; nothing on timeout.
    std::optional<json> readLine(Clock::time_point deadline)
    {
        for (;;) {
            const std::size_t newline = pending.find('\n');
            if (newline != std::string::npos) {
                const std::string line = pending.substr(0, newline);
                pending.erase(0, newline + 1);
                json event = json::parse(line, nullptr, false);
                if (event.is_discarded() || !event.is_object())
                    fail("wrote a line that is not a JSON object: " + line.substr(0, 200));
                return event;
            }
            if (pending.size() > harnessLineBytesMax)
                fail("wrote a line longer than " + std::to_string(harnessLineBytesMax) + " bytes");
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
            pollfd fd { process->stdoutFd(), POLLIN, 0 };
            // Past the deadline one look without waiting: drain() reads what is there already.
            const int ready = ::poll(&fd, 1, static_cast<int>(std::clamp<std::int64_t>(left.count(), 0, 1000)));
            if (ready < 0 && errno != EINTR)
                fail("cannot be read: " + std::string(std::strerror(errno)));
            if (ready <= 0) {
                if (left.count() <= 0)
                    return std::nullopt;
                continue;
            }
            char buffer[65536];
            const ssize_t n = ::read(process->stdoutFd(), buffer, sizeof buffer);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                fail("exited");
            pending.append(buffer, static_cast<std::size_t>(n));
        }
    }

    /// Reads until an event of this kind (for the id, when given), recording acks and errors on the way.
    json expect(const std::string& kind, const std::string& what, std::chrono::milliseconds timeout,
                const std::optional<std::string>& id = std::nullopt)
    {
        const auto deadline = Clock::now() + timeout;
        for (;;) {
            std::optional<json> event = readLine(deadline);
            if (!event)
                fail("did not answer " + what + " within " + std::to_string(timeout.count()) + " ms");
            if (record(*event))
                continue;
            const bool ours = !id || (event->contains("id") && (*event)["id"] == *id);
            if (!ours)
                continue;
            if (event->value("event", "") == kind)
                return *event;
            if (event->value("event", "") == "error")
                fail("refused " + what + ": " + event->value("error", "") + ": " + event->value("message", ""));
        }
    }
};

Harness::Harness(const Distribution& distribution, const std::filesystem::path& logFile,
                 std::chrono::milliseconds readyTimeout)
    : m_impl(std::make_unique<Impl>())
{
    m_impl->logFile = logFile;
    ProcessSpec spec;
    spec.program = realDir() / "hwclient";
    spec.args = { distribution.dir.string() };
    spec.logFile = logFile;
    spec.pipes = true;
    // hwclient finds java on PATH: the java the distribution was opened with comes first.
    const char* path = std::getenv("PATH");
    spec.environment.push_back("PATH=" + distribution.java.parent_path().string() + (path ? ":" + std::string(path) : ""));
    m_impl->process = std::make_unique<ChildProcess>(spec);
    // Commands are written without blocking (Impl::write polls both pipes).
    ::fcntl(m_impl->process->stdinFd(), F_SETFL, ::fcntl(m_impl->process->stdinFd(), F_GETFL) | O_NONBLOCK);
    const json ready = m_impl->expect("ready", "with its ready line", readyTimeout);
    if (ready.value("protocol", "") != harnessProtocol)
        m_impl->fail("speaks protocol " + ready.value("protocol", "?") + ", expected " + std::string(harnessProtocol));
}

Harness::~Harness()
{
    if (!m_impl->process)
        return;
    m_impl->process->closeStdin();
    // Its clients close with their own timeouts; a harness still there after a short while is killed.
    m_impl->process->waitFor(std::chrono::milliseconds(5000));
}

void Harness::producer(const std::string& name, const nlohmann::json& config, std::chrono::milliseconds timeout)
{
    const std::string id = "producer-" + name;
    m_impl->write({ { "op", "producer" }, { "id", id }, { "name", name }, { "config", config } });
    m_impl->expect("producer", "the producer " + name, timeout, id);
}

std::size_t Harness::send(const std::string& producer, const std::string& topic, std::int32_t partition,
                          const std::optional<std::string>& key, const std::string& value)
{
    if (m_impl->outcomes.size() >= sendsMax)
        throw HarnessError("more than " + std::to_string(sendsMax) + " sends in one run (sendsMax)");
    SendOutcome outcome;
    outcome.id = m_impl->nextId++;
    outcome.producer = producer;
    outcome.topic = topic;
    outcome.partition = partition;
    outcome.key = key;
    outcome.value = value;
    json command = { { "op", "send" }, { "id", outcome.id }, { "producer", producer }, { "topic", topic },
        { "value", value } };
    if (partition >= 0)
        command["partition"] = partition;
    if (key)
        command["key"] = *key;
    m_impl->outcomes.push_back(outcome);
    m_impl->write(command);
    return m_impl->outcomes.size() - 1;
}

bool Harness::waitAnswered(std::size_t first, std::size_t last, std::chrono::milliseconds timeout)
{
    const auto deadline = Clock::now() + timeout;
    const auto allAnswered = [&] {
        for (std::size_t i = first; i < last && i < m_impl->outcomes.size(); ++i)
            if (!m_impl->outcomes[i].answered)
                return false;
        return true;
    };
    while (!allAnswered()) {
        std::optional<json> event = m_impl->readLine(deadline);
        if (!event)
            return false;
        m_impl->record(*event);
    }
    return true;
}

void Harness::drain()
{
    while (std::optional<json> event = m_impl->readLine(Clock::now()))
        m_impl->record(*event);
}

const std::vector<SendOutcome>& Harness::outcomes() const
{
    return m_impl->outcomes;
}

void Harness::consumer(const std::string& name, const std::vector<std::string>& topics, const nlohmann::json& config,
                       bool autoPoll, std::int64_t pollIntervalMs, const std::string& assignor,
                       std::chrono::milliseconds timeout)
{
    const std::string id = "consumer-" + name;
    json command = { { "op", "consumer" }, { "id", id }, { "name", name }, { "topics", topics }, { "config", config },
        { "auto_poll", autoPoll }, { "poll_interval_ms", pollIntervalMs } };
    if (!assignor.empty())
        command["assignor"] = assignor;
    m_impl->write(command);
    m_impl->expect("consumer", "the consumer " + name, timeout, id);
}

ConsumerStatus Harness::poll(const std::string& consumer, std::chrono::milliseconds pollTimeout, bool fetch,
                             std::chrono::milliseconds timeout)
{
    const std::string id = "c-" + std::to_string(m_impl->nextCommand++);
    m_impl->write({ { "op", "poll" }, { "id", id }, { "consumer", consumer }, { "timeout_ms", pollTimeout.count() },
        { "fetch", fetch } });
    return parseConsumerStatus(m_impl->expect("polled", "a poll of " + consumer, timeout, id));
}

void Harness::commit(const std::string& consumer, std::chrono::milliseconds timeout)
{
    const std::string id = "c-" + std::to_string(m_impl->nextCommand++);
    m_impl->write({ { "op", "commit" }, { "id", id }, { "consumer", consumer } });
    m_impl->expect("committed", "a commit of " + consumer, timeout, id);
}

void Harness::seek(const std::string& consumer, const std::string& topic, std::int32_t partition, std::int64_t offset,
                   std::chrono::milliseconds timeout)
{
    const std::string id = "c-" + std::to_string(m_impl->nextCommand++);
    m_impl->write({ { "op", "seek" }, { "id", id }, { "consumer", consumer }, { "topic", topic },
        { "partition", partition }, { "offset", offset } });
    m_impl->expect("sought", "a seek of " + consumer, timeout, id);
}

void Harness::closeConsumer(const std::string& consumer, std::chrono::milliseconds closeTimeout,
                            std::chrono::milliseconds timeout)
{
    const std::string id = "c-" + std::to_string(m_impl->nextCommand++);
    m_impl->write({ { "op", "close" }, { "id", id }, { "consumer", consumer }, { "timeout_ms", closeTimeout.count() } });
    m_impl->expect("closed", "closing " + consumer, timeout, id);
}

std::vector<ConsumerStatus> Harness::consumerStatus(std::chrono::milliseconds timeout)
{
    const std::string id = "c-" + std::to_string(m_impl->nextCommand++);
    m_impl->write({ { "op", "status" }, { "id", id } });
    const json answer = m_impl->expect("status", "the consumers' status", timeout, id);
    std::vector<ConsumerStatus> statuses;
    for (const json& snapshot : arrayField(answer, "consumers", "the status line"))
        statuses.push_back(parseConsumerStatus(snapshot));
    return statuses;
}

std::vector<GroupDescription> Harness::describeGroups(const std::vector<std::string>& groups,
                                                      const nlohmann::json& adminConfig, std::chrono::milliseconds timeout)
{
    const std::string id = "c-" + std::to_string(m_impl->nextCommand++);
    m_impl->write({ { "op", "describe_groups" }, { "id", id }, { "groups", groups }, { "config", adminConfig },
        { "timeout_ms", timeout.count() } });
    // The harness's own bound is `timeout` per request (DescribeGroups, then OffsetFetch per group).
    const auto wait = timeout * static_cast<std::int64_t>(groups.size() + 1) + std::chrono::milliseconds(5000);
    return parseGroupDescriptions(m_impl->expect("groups", "the group descriptions", wait, id));
}

const std::vector<ConsumedRecord>& Harness::consumed() const
{
    return m_impl->consumed;
}

} // namespace hw::realkafka
