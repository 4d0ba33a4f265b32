// SPDX-License-Identifier: MIT
// PVector: a persistent 32-way trie whose copies share nodes. Every test compares it with a plain
// std::vector, because what matters is that it behaves exactly like one, whatever is shared.

#include "log/pvector.h"
#include "model/rng.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace {

using hw::PVector;

PVector<int> filled(std::size_t count, int base = 0)
{
    PVector<int> v;
    for (std::size_t i = 0; i < count; ++i)
        v.push_back(base + static_cast<int>(i));
    return v;
}

std::vector<int> toStd(const PVector<int>& v)
{
    std::vector<int> out;
    out.reserve(v.size());
    for (std::size_t i = 0; i < v.size(); ++i)
        out.push_back(v[i]);
    return out;
}

std::vector<int> iota(std::size_t count, int base = 0)
{
    std::vector<int> out;
    for (std::size_t i = 0; i < count; ++i)
        out.push_back(base + static_cast<int>(i));
    return out;
}

TEST(PVector, StartsEmpty)
{
    PVector<int> v;
    EXPECT_EQ(v.size(), 0u);
    EXPECT_TRUE(v.empty());
    EXPECT_EQ(v, PVector<int>());
}

TEST(PVector, PushBackAppendsInOrder)
{
    PVector<std::string> v;
    v.push_back("a");
    v.push_back("b");
    v.push_back("c");
    ASSERT_EQ(v.size(), 3u);
    EXPECT_FALSE(v.empty());
    EXPECT_EQ(v[0], "a");
    EXPECT_EQ(v[1], "b");
    EXPECT_EQ(v[2], "c");
    EXPECT_EQ(v.back(), "c");
}

TEST(PVector, SetReplacesOneElementOnly)
{
    PVector<int> v = filled(100);
    v.set(0, -1);
    v.set(31, -31);
    v.set(32, -32);
    v.set(99, -99);
    std::vector<int> want = iota(100);
    want[0] = -1;
    want[31] = -31;
    want[32] = -32;
    want[99] = -99;
    EXPECT_EQ(toStd(v), want);
}

TEST(PVector, MutableAtWritesThroughTheReference)
{
    PVector<int> v = filled(40);
    v.mutableAt(35) = 1000;
    v.mutableAt(2) += 5;
    EXPECT_EQ(v[35], 1000);
    EXPECT_EQ(v[2], 7);
    EXPECT_EQ(v[34], 34);
}

TEST(PVector, TruncateDropsTheTail)
{
    PVector<int> v = filled(100);
    v.truncate(40);
    EXPECT_EQ(toStd(v), iota(40));
    EXPECT_EQ(v.back(), 39);
    v.truncate(40); // same size: nothing changes
    EXPECT_EQ(v.size(), 40u);
    v.truncate(500); // larger than the size: nothing changes
    EXPECT_EQ(v.size(), 40u);
    v.truncate(0);
    EXPECT_TRUE(v.empty());
    EXPECT_EQ(v, PVector<int>());
}

TEST(PVector, ClearEmptiesAndTheVectorCanBeRefilled)
{
    PVector<int> v = filled(70);
    v.clear();
    EXPECT_EQ(v.size(), 0u);
    v.push_back(5);
    v.push_back(6);
    EXPECT_EQ(toStd(v), (std::vector<int> { 5, 6 }));
}

TEST(PVector, PushBackAfterTruncateOverwritesTheOldTail)
{
    PVector<int> v = filled(100);
    v.truncate(50);
    v.push_back(-1);
    v.push_back(-2);
    std::vector<int> want = iota(50);
    want.push_back(-1);
    want.push_back(-2);
    EXPECT_EQ(toStd(v), want);
}

TEST(PVector, TruncateFromADeepTreeToAShallowSizeThenGrowAgain)
{
    // 1025 elements need a root two levels above the leaves; truncating keeps that root.
    PVector<int> v = filled(1025);
    v.truncate(10);
    EXPECT_EQ(toStd(v), iota(10));
    for (int i = 10; i < 2000; ++i)
        v.push_back(i * 3);
    ASSERT_EQ(v.size(), 2000u);
    for (std::size_t i = 0; i < 2000; ++i)
        ASSERT_EQ(v[i], i < 10 ? static_cast<int>(i) : static_cast<int>(i) * 3) << "index " << i;
}

TEST(PVector, ForEachVisitsTheHalfOpenRangeWithIndices)
{
    const PVector<int> v = filled(100, 1000);
    std::vector<std::pair<std::size_t, int>> seen;
    v.forEach(30, 70, [&](std::size_t i, int x) { seen.emplace_back(i, x); });
    ASSERT_EQ(seen.size(), 40u);
    for (std::size_t k = 0; k < seen.size(); ++k) {
        EXPECT_EQ(seen[k].first, 30 + k);
        EXPECT_EQ(seen[k].second, 1030 + static_cast<int>(k));
    }
}

TEST(PVector, ForEachClampsToTheSizeAndAcceptsEmptyRanges)
{
    PVector<int> v = filled(100);
    v.truncate(45); // the stale elements 45..99 must not be visited
    std::vector<std::size_t> indices;
    v.forEach(40, 1000, [&](std::size_t i, int) { indices.push_back(i); });
    EXPECT_EQ(indices, (std::vector<std::size_t> { 40, 41, 42, 43, 44 }));

    int calls = 0;
    v.forEach(10, 10, [&](std::size_t, int) { ++calls; });
    v.forEach(45, 50, [&](std::size_t, int) { ++calls; });
    PVector<int>().forEach(0, 5, [&](std::size_t, int) { ++calls; });
    EXPECT_EQ(calls, 0);
}

TEST(PVector, ForEachOverEverythingMatchesIndexing)
{
    const PVector<int> v = filled(3000, 7);
    std::vector<int> seen;
    v.forEach(0, v.size(), [&](std::size_t, int x) { seen.push_back(x); });
    EXPECT_EQ(seen, toStd(v));
}

TEST(PVector, EqualityComparesContentsNotStructure)
{
    EXPECT_EQ(filled(100), filled(100));
    EXPECT_NE(filled(100), filled(99));
    EXPECT_NE(filled(100), filled(100, 1));

    PVector<int> a = filled(100);
    PVector<int> b = filled(100);
    b.set(77, -1);
    EXPECT_NE(a, b);
    b.set(77, 77);
    EXPECT_EQ(a, b);

    // Same contents reached through a deep tree and through a single leaf.
    PVector<int> deep = filled(5000);
    deep.truncate(20);
    EXPECT_EQ(deep, filled(20));
    EXPECT_EQ(filled(20), deep);

    // Stale elements past the size do not take part.
    PVector<int> truncated = filled(64);
    truncated.truncate(33);
    PVector<int> other = filled(33);
    EXPECT_EQ(truncated, other);
    other.push_back(1234);
    EXPECT_NE(truncated, other);
}

TEST(PVector, CopiesShareTheRootUntilOneIsWritten)
{
    PVector<int> a = filled(100);
    PVector<int> b = a;
    EXPECT_TRUE(a.sharesRootWith(b));
    EXPECT_EQ(a, b);
    b.set(3, -3);
    EXPECT_FALSE(a.sharesRootWith(b));
    EXPECT_FALSE(filled(100).sharesRootWith(filled(100)));
}

TEST(PVector, ACopyNeverSeesLaterWritesOfTheOriginal)
{
    PVector<int> original = filled(1100);
    const PVector<int> copy = original;
    original.set(0, -1);
    original.set(1099, -2);
    original.mutableAt(500) = -3;
    original.push_back(-4);
    original.truncate(600);
    original.push_back(-5);
    EXPECT_EQ(toStd(copy), iota(1100));
    EXPECT_EQ(original.size(), 601u);
    EXPECT_EQ(original[0], -1);
    EXPECT_EQ(original[500], -3);
    EXPECT_EQ(original[600], -5);
}

TEST(PVector, TheOriginalNeverSeesLaterWritesOfACopy)
{
    const PVector<int> original = filled(1100);
    PVector<int> copy = original;
    copy.set(0, -1);
    copy.set(1099, -2);
    copy.push_back(-4);
    copy.truncate(3);
    copy.push_back(-5);
    EXPECT_EQ(toStd(original), iota(1100));
    EXPECT_EQ(toStd(copy), (std::vector<int> { -1, 1, 2, -5 }));
}

TEST(PVector, TruncateThenPushBackDoesNotLeakIntoACopyTakenBeforeTheTruncate)
{
    // The truncated elements stay in shared nodes; the push_back must copy those nodes first.
    PVector<int> a = filled(100);
    const PVector<int> before = a;
    a.truncate(50);
    a.push_back(-1);
    ASSERT_EQ(before.size(), 100u);
    EXPECT_EQ(before[50], 50);
    EXPECT_EQ(toStd(before), iota(100));
    EXPECT_EQ(a[50], -1);
}

TEST(PVector, TruncateThenPushBackDoesNotLeakIntoACopyTakenAfterTheTruncate)
{
    PVector<int> a = filled(100);
    a.truncate(50);
    PVector<int> b = a;
    a.push_back(-1);
    b.push_back(-2);
    EXPECT_EQ(a.size(), 51u);
    EXPECT_EQ(b.size(), 51u);
    EXPECT_EQ(a[50], -1);
    EXPECT_EQ(b[50], -2);
    EXPECT_EQ(toStd(a).front(), 0);
    EXPECT_NE(a, b);
}

TEST(PVector, GrowingPastALeafBoundaryDoesNotChangeACopyOfTheFullLeaf)
{
    // At 32 elements the root is a full leaf; the next push_back moves it under a new branch.
    PVector<int> a = filled(32);
    const PVector<int> snapshot = a;
    a.push_back(32);
    a.set(0, -1);
    a.set(31, -31);
    EXPECT_EQ(toStd(snapshot), iota(32));
    EXPECT_EQ(a.size(), 33u);
    EXPECT_EQ(a[0], -1);
    EXPECT_EQ(a[31], -31);
    EXPECT_EQ(a[32], 32);
}

TEST(PVector, ManyGenerationsOfSnapshotsStayIndependent)
{
    PVector<int> live;
    std::vector<PVector<int>> snapshots;
    std::vector<std::vector<int>> expected;
    std::vector<int> model;
    for (int round = 0; round < 40; ++round) {
        for (int k = 0; k < 37; ++k) {
            live.push_back(round * 1000 + k);
            model.push_back(round * 1000 + k);
        }
        if (round % 3 == 0 && !model.empty()) {
            const std::size_t at = static_cast<std::size_t>(round * 13) % model.size();
            live.set(at, -round);
            model[at] = -round;
        }
        if (round % 7 == 6) {
            live.truncate(model.size() / 2);
            model.resize(model.size() / 2);
        }
        snapshots.push_back(live);
        expected.push_back(model);
    }
    for (std::size_t i = 0; i < snapshots.size(); ++i)
        EXPECT_EQ(toStd(snapshots[i]), expected[i]) << "snapshot " << i;
}

// Sizes around the trie's level boundaries: 32 (one leaf), 1024 (32 leaves), 32768 (three levels).
class PVectorBoundary : public ::testing::TestWithParam<std::size_t> { };

TEST_P(PVectorBoundary, HoldsEveryElementAndSurvivesCopyOnWrite)
{
    const std::size_t n = GetParam();
    PVector<int> v = filled(n);
    ASSERT_EQ(v.size(), n);
    for (std::size_t i = 0; i < n; ++i)
        ASSERT_EQ(v[i], static_cast<int>(i)) << "index " << i;
    EXPECT_EQ(v.back(), static_cast<int>(n) - 1);

    std::size_t visited = 0;
    bool inOrder = true;
    v.forEach(0, n, [&](std::size_t i, int x) {
        inOrder = inOrder && i == visited && x == static_cast<int>(i);
        ++visited;
    });
    EXPECT_EQ(visited, n);
    EXPECT_TRUE(inOrder);

    // Grow past the boundary in a copy and write at both ends; the original stays as it was.
    PVector<int> grown = v;
    grown.push_back(-1);
    grown.set(0, -2);
    grown.set(n - 1, -3);
    EXPECT_EQ(grown.size(), n + 1);
    EXPECT_EQ(grown[0], -2);
    EXPECT_EQ(grown[n - 1], -3);
    EXPECT_EQ(grown[n], -1);
    EXPECT_EQ(v[0], 0);
    EXPECT_EQ(v[n - 1], static_cast<int>(n) - 1);
    EXPECT_EQ(v.size(), n);
    EXPECT_NE(v, grown);

    // Shrink back below the boundary, regrow, and compare with a vector built directly.
    grown.truncate(n - 1);
    grown.set(0, 0);
    grown.push_back(static_cast<int>(n) - 1);
    EXPECT_EQ(grown, v);
}

INSTANTIATE_TEST_SUITE_P(Sizes, PVectorBoundary,
    ::testing::Values<std::size_t>(2, 31, 32, 33, 1023, 1024, 1025, 1056, 32767, 32768, 32769, 33800),
    [](const auto& info) { return "Size" + std::to_string(info.param); });

// Appends beyond what every sharing vector has seen go into the shared nodes in place; the slots one
// vector wrote so become off limits to the others, which copy before they write there.

TEST(PVector, AnAppendGoesInPlaceAndStaysInvisibleToACopy)
{
    PVector<int> a = filled(40);
    const PVector<int> copy = a;
    a.push_back(-40);
    a.push_back(-41);
    EXPECT_TRUE(a.extends(copy)) << "appending copied no node the copy holds";
    EXPECT_EQ(toStd(copy), iota(40));
    EXPECT_EQ(a.size(), 42u);
    EXPECT_EQ(a[40], -40);
    EXPECT_EQ(a[41], -41);
}

TEST(PVector, AppendsIntoNewLeavesAndLevelsKeepEveryNodeACopyHolds)
{
    // A log that grows past many leaf and branch boundaries while snapshots of it are kept (the
    // timeline's case): each new leaf or branch is made by the growing vector alone, so no node a
    // snapshot holds is ever copied, and each snapshot is still a prefix of the live vector's nodes.
    PVector<int> live = filled(5);
    std::vector<PVector<int>> snapshots;
    for (int i = 5; i < 40000; ++i) {
        if (i % 97 == 0)
            snapshots.push_back(live);
        live.push_back(i);
    }
    for (const PVector<int>& snapshot : snapshots) {
        EXPECT_TRUE(live.extends(snapshot)) << "a snapshot of " << snapshot.size() << " elements";
        EXPECT_EQ(toStd(snapshot), iota(snapshot.size()));
    }
    EXPECT_EQ(toStd(live), iota(40000));
}

TEST(PVector, ACopyThatAppendsWhatItsOriginalAppendedSharesItsNodes)
{
    // The timeline's replay: a state restored from a snapshot appends what the recorded run appended.
    PVector<int> run = filled(40);
    const PVector<int> start = run;
    for (int i = 40; i < 1000; ++i)
        run.push_back(i);
    PVector<int> replay = start;
    for (int i = 40; i < 1000; ++i)
        replay.push_back(i);
    EXPECT_TRUE(replay.extends(run)) << "the replay took the run's elements and nodes as they were";
    EXPECT_TRUE(replay.sharesRootWith(run));
    // Past the run's end, and at the first element that differs, each goes its own way.
    replay.push_back(-1);
    run.push_back(5);
    EXPECT_EQ(replay[1000], -1);
    EXPECT_EQ(run[1000], 5);
    PVector<int> other = start;
    other.appendGenerated(500, [](std::size_t j) { return j == 300 ? -7 : static_cast<int>(40 + j); });
    EXPECT_EQ(other[340], -7);
    EXPECT_EQ(run[340], 340);
    std::vector<int> want = iota(1000);
    want.push_back(5);
    EXPECT_EQ(toStd(run), want);
    EXPECT_EQ(toStd(start), iota(40));
    std::vector<int> wantOther = iota(540);
    wantOther[340] = -7;
    EXPECT_EQ(toStd(other), wantOther);
}

TEST(PVector, TwoCopiesThatBothAppendKeepTheirOwnElements)
{
    PVector<int> a = filled(40);
    PVector<int> b = a;
    a.push_back(-1); // in place: nobody has seen slot 40
    b.push_back(-2); // a wrote slot 40 of the shared leaf: b copies it
    b.push_back(-3);
    a.push_back(-4);
    EXPECT_EQ(a.size(), 42u);
    EXPECT_EQ(b.size(), 42u);
    EXPECT_EQ(a[40], -1);
    EXPECT_EQ(a[41], -4);
    EXPECT_EQ(b[40], -2);
    EXPECT_EQ(b[41], -3);
    EXPECT_FALSE(b.extends(a));
    std::vector<int> head = toStd(a);
    head.resize(40);
    EXPECT_EQ(head, iota(40));
}

TEST(PVector, AVectorLeftBehindByAnotherCopiesOnItsFirstAppend)
{
    // The later vector filled the shared leaf; the earlier one, truncated back and grown again, must
    // not write over what the later one sees.
    PVector<int> early = filled(33);
    PVector<int> later = early;
    for (int i = 33; i < 100; ++i)
        later.push_back(1000 + i);
    early.push_back(-33);
    early.push_back(-34);
    EXPECT_EQ(later.size(), 100u);
    EXPECT_EQ(later[33], 1033);
    EXPECT_EQ(later[34], 1034);
    EXPECT_EQ(early[33], -33);
    EXPECT_EQ(early[34], -34);
}

TEST(PVector, AppendGeneratedMatchesPushBackAcrossLeaves)
{
    PVector<int> generated = filled(20);
    PVector<int> pushed = filled(20);
    const PVector<int> copy = generated;
    generated.appendGenerated(1000, [](std::size_t j) { return static_cast<int>(j) * 3; });
    for (int j = 0; j < 1000; ++j)
        pushed.push_back(j * 3);
    EXPECT_EQ(generated, pushed);
    EXPECT_EQ(toStd(copy), iota(20));
    EXPECT_TRUE(generated.extends(copy));
}

TEST(PVector, AppendRangeSharesWholeLeavesAndCopiesTheRest)
{
    const PVector<int> source = filled(1000, 7);
    PVector<int> aligned = filled(64);
    aligned.appendRange(source, 64, 500); // starts a leaf here and there: whole leaves are shared
    PVector<int> shifted = filled(5);
    shifted.appendRange(source, 64, 500); // a different position within a leaf: every element copied
    std::vector<int> want = iota(64);
    for (int i = 64; i < 564; ++i)
        want.push_back(7 + i);
    EXPECT_EQ(toStd(aligned), want);
    std::vector<int> wantShifted = iota(5);
    for (int i = 64; i < 564; ++i)
        wantShifted.push_back(7 + i);
    EXPECT_EQ(toStd(shifted), wantShifted);
    // Writing through a shared leaf copies it: the source keeps its elements.
    aligned.set(100, -1);
    EXPECT_EQ(source[100], 107);
    EXPECT_EQ(toStd(source), iota(1000, 7));
}

TEST(PVector, HasPrefixOfComparesOnlyTheFirstElements)
{
    const PVector<int> a = filled(2000);
    PVector<int> b = a;
    b.truncate(1500);
    b.push_back(-1);
    EXPECT_TRUE(b.hasPrefixOf(a, 1500));
    EXPECT_FALSE(b.hasPrefixOf(a, 1501));
    EXPECT_TRUE(filled(70).hasPrefixOf(filled(3000), 70)) << "equal contents, no node in common";
    PVector<int> c = filled(70);
    c.set(69, 0);
    EXPECT_FALSE(c.hasPrefixOf(filled(3000), 70));
    EXPECT_TRUE(c.hasPrefixOf(filled(3000), 69));
}

TEST(PVector, AFollowerTakesItsLeadersVectorWhenItHoldsItsPrefix)
{
    // The replica fetcher's case: a follower whose log is its leader's up to the fetch offset takes the
    // leader's log and keeps the fetched part; both go on independently.
    PVector<int> leader = filled(100);
    PVector<int> follower = leader;
    follower.truncate(60);
    for (int i = 100; i < 150; ++i)
        leader.push_back(i);
    ASSERT_TRUE(follower.hasPrefixOf(leader, follower.size()));
    follower = leader;
    follower.truncate(120);
    leader.push_back(150);
    follower.push_back(-120);
    EXPECT_EQ(leader.size(), 151u);
    EXPECT_EQ(leader[120], 120);
    EXPECT_EQ(leader[150], 150);
    EXPECT_EQ(follower.size(), 121u);
    EXPECT_EQ(follower[120], -120);
    EXPECT_EQ(follower[119], 119);
}

/// A vector of owned cells, and weak pointers that tell whether each cell still exists: a released
/// leaf is freed exactly when no vector holds it any more.
struct Cells {
    PVector<std::shared_ptr<int>> vector;
    std::vector<std::weak_ptr<int>> alive;
};

Cells cells(std::size_t count)
{
    Cells out;
    for (std::size_t i = 0; i < count; ++i) {
        auto cell = std::make_shared<int>(static_cast<int>(i));
        out.alive.push_back(cell);
        out.vector.push_back(std::move(cell));
    }
    return out;
}

const auto keepNone = [](std::size_t) { return false; };

TEST(PVector, ReleaseLeavesDropsWholeLeavesBelowTheIndexExceptThoseKept)
{
    Cells c = cells(2000);
    c.vector.releaseLeaves(1000, [](std::size_t leaf) { return leaf == 64 || leaf == 960; }); // rounded down: 992
    EXPECT_EQ(c.vector.releasedLeaves(), 31u - 2u);
    EXPECT_EQ(c.vector.releasedBelow(), 992u);
    EXPECT_EQ(c.vector.size(), 2000u);
    for (std::size_t i = 0; i < 2000; ++i) {
        const bool kept = i >= 992 || (i >= 64 && i < 96) || (i >= 960 && i < 992);
        ASSERT_EQ(c.alive[i].expired(), !kept) << "cell " << i;
        ASSERT_EQ(c.vector.holds(i), kept) << "cell " << i;
        if (kept) {
            ASSERT_EQ(*c.vector[i], static_cast<int>(i));
        }
    }
    EXPECT_FALSE(c.vector.holds(2000));
    // Indices keep their meaning: appends go on after the released leaves.
    c.vector.push_back(std::make_shared<int>(2000));
    EXPECT_EQ(*c.vector[2000], 2000);
    std::vector<std::size_t> seen;
    c.vector.forEachHeld(0, c.vector.size(), [&](std::size_t i, const std::shared_ptr<int>& x) {
        EXPECT_EQ(*x, static_cast<int>(i));
        seen.push_back(i);
    });
    EXPECT_EQ(seen.size(), 32u + 32u + 1009u);
    // A later release frees what is no longer kept, and never the last leaf.
    c.vector.releaseLeaves(5000, keepNone);
    EXPECT_EQ(c.vector.releasedBelow(), 1984u);
    for (std::size_t i = 0; i < 2000; ++i)
        ASSERT_EQ(c.alive[i].expired(), i < 1984) << "cell " << i;
    EXPECT_EQ(*c.vector.back(), 2000);
}

TEST(PVector, ACopySharesReleasedLeavesUntilItIsReleasedOrDroppedToo)
{
    Cells c = cells(3000);
    auto snapshot = std::make_unique<PVector<std::shared_ptr<int>>>(c.vector);
    c.vector.releaseLeaves(2048, keepNone);
    // The snapshot still holds every leaf and reads every element.
    for (std::size_t i = 0; i < 3000; ++i) {
        ASSERT_FALSE(c.alive[i].expired()) << "cell " << i;
        ASSERT_EQ(*(*snapshot)[i], static_cast<int>(i));
    }
    EXPECT_EQ(snapshot->releasedLeaves(), 0u);
    EXPECT_FALSE(c.vector == *snapshot);
    // Appending to the live vector after its release does not show in the snapshot.
    c.vector.push_back(std::make_shared<int>(-1));
    EXPECT_EQ(snapshot->size(), 3000u);
    // The snapshot releases less: the leaves below 1024 go, the rest stay for the live vector's sake.
    snapshot->releaseLeaves(1024, keepNone);
    for (std::size_t i = 0; i < 3000; ++i)
        ASSERT_EQ(c.alive[i].expired(), i < 1024) << "cell " << i;
    // Dropping the snapshot frees what only it held.
    snapshot.reset();
    for (std::size_t i = 0; i < 3000; ++i)
        ASSERT_EQ(c.alive[i].expired(), i < 2048) << "cell " << i;
    for (std::size_t i = 2048; i < 3000; ++i)
        ASSERT_EQ(*c.vector[i], static_cast<int>(i));
}

TEST(PVector, EqualityComparesWhichLeavesWereReleased)
{
    PVector<int> a = filled(5000);
    PVector<int> b = filled(5000); // no node in common
    EXPECT_EQ(a, b);
    a.releaseLeaves(1500, keepNone);
    EXPECT_NE(a, b) << "what was released is part of the state";
    EXPECT_FALSE(a.hasPrefixOf(b, 100));
    b.releaseLeaves(1500, [](std::size_t leaf) { return leaf == 32; });
    EXPECT_NE(a, b) << "b kept a leaf that a released";
    PVector<int> c = filled(5000);
    c.releaseLeaves(1500, keepNone);
    EXPECT_EQ(a, c);
    EXPECT_TRUE(a.hasPrefixOf(c, 5000));
    c.set(4999, -1);
    EXPECT_NE(a, c);
    EXPECT_TRUE(a.hasPrefixOf(c, 4999));
    // A copy released in the same way equals its original; one that only grew since extends it.
    PVector<int> d = filled(5000);
    PVector<int> e = d;
    d.releaseLeaves(64, keepNone);
    e.releaseLeaves(64, keepNone);
    EXPECT_EQ(d, e);
    PVector<int> grown = d;
    grown.push_back(5000);
    EXPECT_TRUE(grown.extends(d));
    EXPECT_FALSE(d.extends(filled(5000))) << "its first leaf is gone";
}

TEST(PVector, AReleasedVectorKeepsGrowingThroughNewLevels)
{
    PVector<int> v = filled(1025);
    v.releaseLeaves(1024, keepNone); // the whole first subtree of 1,024
    EXPECT_EQ(v.releasedLeaves(), 32u);
    for (int i = 1025; i < 40000; ++i)
        v.push_back(i);
    v.releaseLeaves(33000, [](std::size_t leaf) { return leaf == 2048; });
    EXPECT_EQ(v.releasedLeaves(), 33000u / 32u - 1u);
    EXPECT_TRUE(v.holds(2048));
    EXPECT_FALSE(v.holds(2080));
    for (std::size_t i = 33000 / 32 * 32; i < v.size(); ++i)
        ASSERT_EQ(v[i], static_cast<int>(i));
    v.appendRange(filled(40100), 40000, 100);
    EXPECT_EQ(v[40099], 40099);
    // Emptying the vector forgets its release.
    v.clear();
    EXPECT_EQ(v.releasedLeaves(), 0u);
    v.push_back(7);
    EXPECT_EQ(v[0], 7);
}

TEST(PVector, AOneLeafVectorAndTheLastLeafAreKept)
{
    PVector<int> v = filled(32);
    v.releaseLeaves(32, keepNone);
    EXPECT_EQ(v.releasedLeaves(), 0u);
    EXPECT_EQ(v[0], 0);
    PVector<int> w = filled(64);
    w.releaseLeaves(64, keepNone);
    EXPECT_EQ(w.releasedLeaves(), 1u);
    EXPECT_EQ(w[32], 32);
}

#if defined(HW_ASSERTIONS) || !defined(NDEBUG)
TEST(PVectorDeathTest, ReadingOrWritingAReleasedElementAsserts)
{
    PVector<int> v = filled(200);
    v.releaseLeaves(100, keepNone);
    EXPECT_DEATH((void)v[95], "HighWater assertion failed");
    EXPECT_DEATH(v.forEach(90, 100, [](std::size_t, int) {}), "HighWater assertion failed");
    EXPECT_DEATH(v.set(10, 1), "HighWater assertion failed");
    EXPECT_DEATH(v.truncate(50), "HighWater assertion failed");
    PVector<int> w;
    EXPECT_DEATH(w.appendRange(v, 64, 10), "HighWater assertion failed");
    EXPECT_DEATH(w.appendRange(v, 0, 32), "HighWater assertion failed");
}
#endif

/// Several vectors that copy each other, append, overwrite, truncate and take ranges of each other at
/// random, each checked against its own std::vector: sharing never shows.
class PVectorSharingRandomized : public ::testing::TestWithParam<std::uint64_t> { };

TEST_P(PVectorSharingRandomized, EveryVectorBehavesLikeItsOwnStdVector)
{
    const std::uint64_t seed = GetParam();
    SCOPED_TRACE("seed " + std::to_string(seed));
    hw::Rng rng(seed);
    constexpr std::size_t vectors = 5;
    std::vector<PVector<std::int64_t>> v(vectors);
    std::vector<std::vector<std::int64_t>> model(vectors);
    std::int64_t next = 1;
    for (int op = 0; op < 20000; ++op) {
        const auto i = static_cast<std::size_t>(rng.below(vectors));
        const auto j = static_cast<std::size_t>(rng.below(vectors));
        const std::uint64_t kind = rng.below(100);
        if (kind < 30) {
            const auto count = static_cast<std::size_t>(rng.below(kind < 3 ? 300 : 40)) + 1;
            for (std::size_t k = 0; k < count; ++k) {
                v[i].push_back(next);
                model[i].push_back(next++);
            }
        } else if (kind < 40) {
            const auto count = static_cast<std::size_t>(rng.below(100)) + 1;
            const std::int64_t base = next;
            v[i].appendGenerated(count, [&](std::size_t k) { return base + static_cast<std::int64_t>(k); });
            for (std::size_t k = 0; k < count; ++k)
                model[i].push_back(next++);
        } else if (kind < 55) {
            if (!model[i].empty()) {
                const auto at = static_cast<std::size_t>(rng.below(model[i].size()));
                v[i].set(at, -next);
                model[i][at] = -next++;
            }
        } else if (kind < 65) {
            const auto n = static_cast<std::size_t>(rng.below(model[i].size() + 1));
            v[i].truncate(n);
            model[i].resize(std::min(n, model[i].size()));
        } else if (kind < 78) {
            v[i] = v[j];
            model[i] = model[j];
        } else if (kind < 88) {
            if (!model[j].empty()) {
                const auto from = static_cast<std::size_t>(rng.below(model[j].size()));
                const auto count = static_cast<std::size_t>(rng.below(model[j].size() - from + 1));
                v[i].appendRange(v[j], from, count);
                model[i].insert(model[i].end(), model[j].begin() + static_cast<std::ptrdiff_t>(from),
                                model[j].begin() + static_cast<std::ptrdiff_t>(from + count));
            }
        } else {
            // A follower's fetch: take the other's vector when it holds this one as its prefix.
            const std::size_t n = model[i].size();
            const bool prefix = n <= model[j].size() && std::equal(model[i].begin(), model[i].end(), model[j].begin());
            if (n <= model[j].size())
                ASSERT_EQ(v[i].hasPrefixOf(v[j], n), prefix) << "op " << op;
            if (prefix) {
                const auto keep = n + static_cast<std::size_t>(rng.below(model[j].size() - n + 1));
                v[i] = v[j];
                v[i].truncate(keep);
                model[i].assign(model[j].begin(), model[j].begin() + static_cast<std::ptrdiff_t>(keep));
            }
        }
        for (std::size_t k = 0; k < vectors; ++k) {
            ASSERT_EQ(v[k].size(), model[k].size()) << "vector " << k << " after op " << op;
            if (!model[k].empty()) {
                const auto probe = static_cast<std::size_t>(rng.below(model[k].size()));
                ASSERT_EQ(v[k][probe], model[k][probe]) << "vector " << k << " index " << probe << " after op " << op;
            }
        }
        if (v[i].extends(v[j])) {
            ASSERT_LE(model[j].size(), model[i].size()) << "op " << op;
            ASSERT_TRUE(std::equal(model[j].begin(), model[j].end(), model[i].begin()))
                << "vector " << i << " claims to extend vector " << j << " after op " << op;
        }
    }
    for (std::size_t k = 0; k < vectors; ++k) {
        std::vector<std::int64_t> all;
        v[k].forEach(0, v[k].size(), [&](std::size_t, std::int64_t x) { all.push_back(x); });
        EXPECT_EQ(all, model[k]) << "vector " << k;
        for (std::size_t m = 0; m < vectors; ++m)
            EXPECT_EQ(v[k] == v[m], model[k] == model[m]) << "vectors " << k << ", " << m;
    }
}

INSTANTIATE_TEST_SUITE_P(Seeds, PVectorSharingRandomized, ::testing::Values<std::uint64_t>(1, 2, 3, 42, 20261206),
    [](const auto& info) { return "Seed" + std::to_string(info.param); });

// A random sequence of operations against std::vector, with snapshots taken along the way that must
// keep their contents. The generator is the simulation's own, so the sequence is the same everywhere.
class PVectorRandomized : public ::testing::TestWithParam<std::uint64_t> { };

TEST_P(PVectorRandomized, BehavesLikeStdVector)
{
    const std::uint64_t seed = GetParam();
    SCOPED_TRACE("seed " + std::to_string(seed));
    hw::Rng rng(seed);
    PVector<std::int64_t> v;
    std::vector<std::int64_t> model;
    std::vector<std::pair<PVector<std::int64_t>, std::vector<std::int64_t>>> snapshots;

    for (int op = 0; op < 20000; ++op) {
        const std::uint64_t kind = rng.below(100);
        if (kind < 55) {
            const auto count = static_cast<int>(rng.below(kind < 5 ? 2000 : 40)) + 1;
            for (int k = 0; k < count; ++k) {
                const auto value = static_cast<std::int64_t>(rng.next() >> 1);
                v.push_back(value);
                model.push_back(value);
            }
        } else if (kind < 80) {
            if (!model.empty()) {
                const auto i = static_cast<std::size_t>(rng.below(model.size()));
                const auto value = -static_cast<std::int64_t>(rng.below(1000000));
                v.set(i, value);
                model[i] = value;
            }
        } else if (kind < 90) {
            const auto n = static_cast<std::size_t>(rng.below(model.size() + 1));
            v.truncate(n);
            if (n < model.size())
                model.resize(n);
        } else if (kind < 97) {
            snapshots.emplace_back(v, model);
        } else if (!snapshots.empty()) {
            // Continue from an older snapshot: the live vector becomes a copy of it.
            const auto i = static_cast<std::size_t>(rng.below(snapshots.size()));
            v = snapshots[i].first;
            model = snapshots[i].second;
        }
        ASSERT_EQ(v.size(), model.size()) << "after op " << op;
        if (!model.empty()) {
            const auto probe = static_cast<std::size_t>(rng.below(model.size()));
            ASSERT_EQ(v[probe], model[probe]) << "index " << probe << " after op " << op;
            ASSERT_EQ(v.back(), model.back()) << "after op " << op;
        }
    }

    std::vector<std::int64_t> all;
    v.forEach(0, v.size(), [&](std::size_t, std::int64_t x) { all.push_back(x); });
    EXPECT_EQ(all, model);
    for (std::size_t s = 0; s < snapshots.size(); ++s) {
        const auto& [snapshot, expected] = snapshots[s];
        ASSERT_EQ(snapshot.size(), expected.size()) << "snapshot " << s;
        std::vector<std::int64_t> contents;
        snapshot.forEach(0, snapshot.size(), [&](std::size_t, std::int64_t x) { contents.push_back(x); });
        EXPECT_EQ(contents, expected) << "snapshot " << s;
    }
    // Equality agrees with the model: equal models give equal vectors and vice versa.
    for (std::size_t s = 1; s < snapshots.size(); ++s) {
        const bool modelsEqual = snapshots[s].second == snapshots[s - 1].second;
        EXPECT_EQ(snapshots[s].first == snapshots[s - 1].first, modelsEqual) << "snapshots " << s - 1 << ", " << s;
    }
}

INSTANTIATE_TEST_SUITE_P(Seeds, PVectorRandomized, ::testing::Values<std::uint64_t>(1, 2, 42, 20240601),
    [](const auto& info) { return "Seed" + std::to_string(info.param); });

} // namespace
