// SPDX-License-Identifier: MIT
// highwater-cli serve as a user drives it (live/, app/cli_serve.cpp): kcat (librdkafka 2.0.2) producing
// records with acks=all to the leader of orders-0 in a 3-broker cluster at speed 1, and the CPU serve
// uses while no client is connected. Both run the built CLI as a child process; every child is
// bounded in time, killed on failure and reaped.
//
//   build/bench/hw_bench_serve --benchmark_counters_tabular=true

#include <benchmark/benchmark.h>

#include <arpa/inet.h>
#include <dirent.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

constexpr int brokers = 3; // builtin:leo-hw-walkthrough
constexpr int portsPerServer = brokers + 1; // serve takes PORT + broker id, id 1..3
constexpr auto serveStartTimeout = std::chrono::seconds(10);
constexpr auto serveStopTimeout = std::chrono::seconds(10);
constexpr auto kcatTimeout = std::chrono::seconds(60);
constexpr int recordCount = 20000;

/// True when every port in [base, base + count) can be bound on 127.0.0.1 now.
bool portsFree(int base, int count)
{
    for (int port = base; port < base + count; ++port) {
        const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        if (fd < 0)
            return false;
        sockaddr_in address {};
        address.sin_family = AF_INET;
        address.sin_port = htons(static_cast<std::uint16_t>(port));
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        const bool bound = ::bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0;
        ::close(fd);
        if (!bound)
            return false;
    }
    return true;
}

/// A base port whose block of portsPerServer ports is free, away from Kafka's 9092 and serve's 19092.
std::optional<int> freePortBlock()
{
    const int start = 30000 + static_cast<int>(::getpid() % 1000) * 8;
    for (int base = start; base < 60000; base += portsPerServer) {
        if (portsFree(base, portsPerServer))
            return base;
    }
    return std::nullopt;
}

/// A child process with optional pipes to its stdin and from its stdout. The destructor kills
/// (SIGKILL) and reaps a child still running, so no failure path leaves one behind.
class Child {
public:
    Child(const std::vector<std::string>& argv, bool pipeStdin, bool pipeStdout)
    {
        int in[2] = { -1, -1 };
        int out[2] = { -1, -1 };
        if ((pipeStdin && ::pipe2(in, O_CLOEXEC) != 0) || (pipeStdout && ::pipe2(out, O_CLOEXEC) != 0))
            return;
        std::vector<char*> args;
        for (const std::string& a : argv)
            args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        m_pid = ::fork();
        if (m_pid == 0) {
            if (pipeStdin)
                ::dup2(in[0], STDIN_FILENO);
            if (pipeStdout)
                ::dup2(out[1], STDOUT_FILENO);
            const int devNull = ::open("/dev/null", O_WRONLY);
            if (!pipeStdout)
                ::dup2(devNull, STDOUT_FILENO);
            ::dup2(devNull, STDERR_FILENO);
            ::execvp(args[0], args.data());
            ::_exit(127);
        }
        if (pipeStdin) {
            ::close(in[0]);
            m_stdin = in[1];
        }
        if (pipeStdout) {
            ::close(out[1]);
            m_stdout = out[0];
        }
    }
    Child(const Child&) = delete;
    Child& operator=(const Child&) = delete;
    ~Child()
    {
        closeStdin();
        if (m_stdout >= 0)
            ::close(m_stdout);
        if (m_pid > 0 && !m_exited) {
            ::kill(m_pid, SIGKILL);
            int status = 0;
            ::waitpid(m_pid, &status, 0);
        }
    }

    bool started() const { return m_pid > 0; }
    pid_t pid() const { return m_pid; }
    const std::string& output() const { return m_output; }

    void closeStdin()
    {
        if (m_stdin >= 0)
            ::close(m_stdin);
        m_stdin = -1;
    }

    /// Writes all of `data` to the child's stdin, giving up at `deadline`.
    bool writeAll(const std::string& data, Clock::time_point deadline)
    {
        std::size_t done = 0;
        while (done < data.size()) {
            if (!waitFd(m_stdin, POLLOUT, deadline))
                return false;
            const ssize_t n = ::write(m_stdin, data.data() + done, data.size() - done);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                return false;
            done += static_cast<std::size_t>(n);
        }
        return true;
    }

    /// Reads the child's stdout until `text` appears in it, EOF, or `deadline`.
    bool readUntil(const std::string& text, Clock::time_point deadline)
    {
        while (m_output.find(text) == std::string::npos) {
            if (!readSome(deadline))
                return false;
        }
        return true;
    }

    /// Reads the child's stdout to EOF (or `deadline`), then waits for the child to exit.
    /// Returns its exit status, or -1 on a timeout or a death by signal.
    int finish(Clock::time_point deadline)
    {
        if (m_stdout >= 0) {
            while (readSome(deadline)) { }
        }
        while (Clock::now() < deadline) {
            int status = 0;
            const pid_t r = ::waitpid(m_pid, &status, WNOHANG);
            if (r == m_pid) {
                m_exited = true;
                return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
            }
            if (r < 0)
                return -1;
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        return -1; // the destructor kills it
    }

private:
    static bool waitFd(int fd, short events, Clock::time_point deadline)
    {
        for (;;) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
            if (left <= 0)
                return false;
            pollfd p { fd, events, 0 };
            const int r = ::poll(&p, 1, static_cast<int>(left));
            if (r < 0 && errno == EINTR)
                continue;
            return r > 0;
        }
    }

    bool readSome(Clock::time_point deadline)
    {
        if (m_stdout < 0 || !waitFd(m_stdout, POLLIN, deadline))
            return false;
        char buffer[4096];
        const ssize_t n = ::read(m_stdout, buffer, sizeof buffer);
        if (n <= 0)
            return false;
        m_output.append(buffer, static_cast<std::size_t>(n));
        return true;
    }

    pid_t m_pid = -1;
    int m_stdin = -1;
    int m_stdout = -1;
    bool m_exited = false;
    std::string m_output;
};

/// `highwater-cli serve builtin:leo-hw-walkthrough --quiet --port BASE`, started and listening.
struct Server {
    int basePort = 0;
    std::optional<Child> child;
    std::string error;

    explicit Server(const std::string& speed = "1", const std::vector<std::string>& extra = {})
    {
        ::signal(SIGPIPE, SIG_IGN); // a child that dies mid-write is an error to report, not our death
        const std::optional<int> base = freePortBlock();
        if (!base) {
            error = "no free block of ports on 127.0.0.1";
            return;
        }
        basePort = *base;
        std::vector<std::string> argv { HW_CLI_PATH, "serve", "builtin:leo-hw-walkthrough", "--quiet", "--speed", speed,
            "--port", std::to_string(basePort) };
        argv.insert(argv.end(), extra.begin(), extra.end());
        child.emplace(argv, false, true);
        if (!child->started())
            error = "cannot start " HW_CLI_PATH;
        else if (!child->readUntil("Ctrl+C stops", Clock::now() + serveStartTimeout))
            error = "serve did not start listening: " + child->output();
    }

    std::string broker(int id) const { return "127.0.0.1:" + std::to_string(basePort + id); }

    /// SIGTERM, then everything serve printed; empty on a timeout or a failed exit.
    std::optional<std::string> stop()
    {
        ::kill(child->pid(), SIGTERM);
        if (child->finish(Clock::now() + serveStopTimeout) != 0)
            return std::nullopt;
        return child->output();
    }
};

/// The value after `label` in serve's exit line "... p50 X us, p99 Y us (N requests)".
std::optional<double> numberAfter(const std::string& text, const std::string& label)
{
    const std::size_t at = text.rfind(label);
    if (at == std::string::npos)
        return std::nullopt;
    return std::strtod(text.c_str() + at + label.size(), nullptr);
}

long clockTicks(pid_t pid)
{
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(stat, line))
        return -1;
    // Fields after the command name (which may hold spaces, hence the last ')'): state is field 3,
    // utime field 14, stime field 15.
    std::istringstream fields(line.substr(line.rfind(')') + 2));
    std::string field;
    long utime = -1;
    long stime = -1;
    for (int i = 3; i <= 15 && fields >> field; ++i) {
        if (i == 14)
            utime = std::stol(field);
        if (i == 15)
            stime = std::stol(field);
    }
    return utime < 0 || stime < 0 ? -1 : utime + stime;
}

/// Nanoseconds on a CPU of every thread of `pid` (/proc/PID/task/TID/schedstat, first field): finer
/// than the clock ticks of /proc/PID/stat, which are 10 ms each at the usual CLK_TCK of 100.
long long runNanoseconds(pid_t pid)
{
    const std::string tasks = "/proc/" + std::to_string(pid) + "/task";
    long long total = 0;
    bool any = false;
    if (DIR* dir = ::opendir(tasks.c_str())) {
        while (const dirent* entry = ::readdir(dir)) {
            if (entry->d_name[0] == '.')
                continue;
            std::ifstream schedstat(tasks + "/" + entry->d_name + "/schedstat");
            long long ns = 0;
            if (schedstat >> ns) {
                total += ns;
                any = true;
            }
        }
        ::closedir(dir);
    }
    return any ? total : -1;
}

/// Records/s of kcat -P with acks=all (default linger and batching) into orders-0 on its leader,
/// broker 1, over one serve process for the whole benchmark; the argument is serve's --speed. Each
/// iteration is one kcat process: starting it, connecting, metadata, then every record acknowledged
/// by all ISR replicas. Each acks=all produce waits in simulated time for the followers to fetch
/// its records, and this scenario's followers fetch at most replica.fetch.max.records (1000) per
/// round trip of 2 x network.latency.ms (5 ms), so at speed 1 the ceiling is about 100,000 records/s
/// whatever the server costs. At speed 1000 the simulated waits shrink a thousandfold and what
/// remains is kcat (process start, ApiVersions, Metadata) and the server's own time per request.
void BM_KcatProduceThreeBrokers(benchmark::State& state)
{
    Server server(std::to_string(state.range(0)));
    if (!server.error.empty()) {
        state.SkipWithError(server.error.c_str());
        return;
    }
    std::string records;
    for (int i = 0; i < recordCount; ++i) {
        char line[32];
        std::snprintf(line, sizeof line, "bench-record-%06d\n", i); // 20 bytes with the newline
        records += line;
    }
    for (auto _ : state) {
        const Clock::time_point start = Clock::now();
        Child kcat({ "kcat", "-b", server.broker(1), "-P", "-t", "orders", "-p", "0", "-X", "acks=all" }, true, false);
        const Clock::time_point deadline = start + kcatTimeout;
        const bool written = kcat.started() && kcat.writeAll(records, deadline);
        kcat.closeStdin();
        // kcat exits with status 1 when a record was not delivered (acknowledged).
        const int status = written ? kcat.finish(deadline) : -1;
        const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
        if (status != 0) {
            state.SkipWithError("kcat -P failed or timed out");
            break;
        }
        state.SetIterationTime(seconds);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * recordCount);
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(records.size()));
    const std::optional<std::string> output = server.stop();
    const std::optional<double> p50 = output ? numberAfter(*output, "per request: p50 ") : std::nullopt;
    const std::optional<double> p99 = output ? numberAfter(*output, " us, p99 ") : std::nullopt;
    const std::optional<double> requests = output ? numberAfter(*output, " us (") : std::nullopt;
    if (!p50 || !p99 || !requests) {
        state.SkipWithError("serve did not stop cleanly or printed no latency line");
        return;
    }
    state.counters["server_p50_us"] = *p50;
    state.counters["server_p99_us"] = *p99;
    // ApiVersions, Metadata and the produce requests of one kcat run.
    state.counters["requests_per_run"] = *requests / static_cast<double>(state.iterations());
}
BENCHMARK(BM_KcatProduceThreeBrokers)
    ->ArgName("speed")
    ->Arg(1)
    ->Arg(1000)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(5);

/// CPU used by serve with no client, over 5 s of wall-clock time: it sleeps until the next engine
/// event (a follower's fetch long-poll every replica.fetch.wait.max.ms), so this should stay well
/// under 1%. cpu_percent comes from utime + stime in /proc/PID/stat (10 ms ticks: 0.2% resolution
/// over 5 s); cpu_percent_ns from the scheduler's nanoseconds per thread.
void BM_ServeIdleCpu(benchmark::State& state)
{
    constexpr auto idle = std::chrono::seconds(5);
    Server server;
    if (!server.error.empty()) {
        state.SkipWithError(server.error.c_str());
        return;
    }
    const double ticksPerSecond = static_cast<double>(::sysconf(_SC_CLK_TCK));
    double tickSeconds = 0;
    double runSeconds = 0;
    double wallSeconds = 0;
    for (auto _ : state) {
        const long ticksBefore = clockTicks(server.child->pid());
        const long long nsBefore = runNanoseconds(server.child->pid());
        const Clock::time_point start = Clock::now();
        std::this_thread::sleep_for(idle);
        const long ticksAfter = clockTicks(server.child->pid());
        const long long nsAfter = runNanoseconds(server.child->pid());
        const double wall = std::chrono::duration<double>(Clock::now() - start).count();
        if (ticksBefore < 0 || ticksAfter < 0 || nsBefore < 0 || nsAfter < 0) {
            state.SkipWithError("cannot read /proc/PID/stat or schedstat of serve");
            break;
        }
        tickSeconds += static_cast<double>(ticksAfter - ticksBefore) / ticksPerSecond;
        runSeconds += static_cast<double>(nsAfter - nsBefore) / 1e9;
        wallSeconds += wall;
        state.SetIterationTime(wall);
    }
    if (!server.stop()) {
        state.SkipWithError("serve did not stop cleanly");
        return;
    }
    if (wallSeconds > 0) {
        state.counters["cpu_percent"] = 100.0 * tickSeconds / wallSeconds;
        state.counters["cpu_percent_ns"] = 100.0 * runSeconds / wallSeconds;
        state.counters["cpu_us"] = 1e6 * runSeconds;
    }
}
BENCHMARK(BM_ServeIdleCpu)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(1);

/// Resident memory of serve in KiB (/proc/PID/status VmRSS), or -1.
long rssKib(pid_t pid)
{
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("VmRSS:", 0) == 0)
            return std::strtol(line.c_str() + 6, nullptr, 10);
    }
    return -1;
}

/// RSS of serve under a flooding producer (issue 28 defect 2): kcat sends `flood` records of 20 bytes
/// with acks=1 and small batches (as fast as serve takes them), eight rounds (1.6 million records,
/// about 45 MB as Kafka stores them: serve's retention.bytes of 16 MiB deletes most), with the
/// history's budget the argument in MiB (0: the default, 4 GiB). Reports RSS at start (the baseline,
/// same run), after the last round, and the ratio. The budget bounds the history (frames, operations,
/// snapshots), retention the logs, and the payload store releases what retention deleted once the
/// history dropped the frames that shared it (broker/payload_store.h).
void BM_ServeRssUnderFlood(benchmark::State& state)
{
    constexpr int flood = 200000;
    std::vector<std::string> extra;
    if (state.range(0) > 0)
        extra = { "--memory-budget", std::to_string(state.range(0)) + "MiB" };
    Server server("1000", extra);
    if (!server.error.empty()) {
        state.SkipWithError(server.error.c_str());
        return;
    }
    std::string records;
    for (int i = 0; i < flood; ++i) {
        char line[32];
        std::snprintf(line, sizeof line, "flood-record-%06d\n", i);
        records += line;
    }
    const long baseline = rssKib(server.child->pid());
    long after = baseline;
    for (auto _ : state) {
        const Clock::time_point start = Clock::now();
        Child kcat({ "kcat", "-b", server.broker(1), "-P", "-t", "orders", "-p", "0", "-X", "acks=1", "-X",
                       "batch.num.messages=100", "-X", "linger.ms=1" },
            true, false);
        const Clock::time_point deadline = start + std::chrono::seconds(180);
        const bool written = kcat.started() && kcat.writeAll(records, deadline);
        kcat.closeStdin();
        const int status = written ? kcat.finish(deadline) : -1;
        if (status != 0) {
            state.SkipWithError("kcat -P failed or timed out");
            break;
        }
        state.SetIterationTime(std::chrono::duration<double>(Clock::now() - start).count());
        after = rssKib(server.child->pid());
    }
    const std::optional<std::string> output = server.stop();
    if (!output || baseline <= 0 || after <= 0) {
        state.SkipWithError("serve did not stop cleanly, or no RSS");
        return;
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * flood);
    state.counters["rss_start_mib"] = static_cast<double>(baseline) / 1024.0;
    state.counters["rss_end_mib"] = static_cast<double>(after) / 1024.0;
    state.counters["rss_ratio"] = static_cast<double>(after) / static_cast<double>(baseline);
    state.counters["rss_bytes_per_record"] =
        static_cast<double>(after - baseline) * 1024.0 / static_cast<double>(state.iterations() * flood);
    state.counters["dropped_frames"] = output->find("dropped its oldest") != std::string::npos ? 1 : 0;
}
BENCHMARK(BM_ServeRssUnderFlood)
    ->ArgName("budget_mib")
    ->Arg(0)
    ->Arg(64)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(8);

} // namespace
