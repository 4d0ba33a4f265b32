// SPDX-License-Identifier: MIT
// The protocol's primitive types (wire/bytes.h): the byte layouts of Kafka's Type.java and
// ByteUtils.java, and the bounds every read checks.
#include "wire/bytes.h"

#include <gtest/gtest.h>

#include <limits>

using namespace hw::wire;

namespace {

Bytes bytesOf(std::initializer_list<int> values)
{
    Bytes out;
    for (int v : values)
        out.push_back(static_cast<std::uint8_t>(v));
    return out;
}

} // namespace

TEST(WireBytes, IntegersAreBigEndian)
{
    Writer w;
    w.int16(0x0102);
    w.int32(-2);
    w.int64(0x0102030405060708);
    EXPECT_EQ(w.data(), bytesOf({1, 2, 0xff, 0xff, 0xff, 0xfe, 1, 2, 3, 4, 5, 6, 7, 8}));
    Reader r(w.data());
    EXPECT_EQ(r.int16(), 0x0102);
    EXPECT_EQ(r.int32(), -2);
    EXPECT_EQ(r.int64(), 0x0102030405060708);
    EXPECT_TRUE(r.atEnd());
}

// ByteUtilsTest.testVarintSerde / testVarlongSerde: zig-zag, 7 bits per byte.
struct VarintCase {
    std::int64_t value;
    Bytes encoded;
};

class WireVarint : public testing::TestWithParam<VarintCase> {};

TEST_P(WireVarint, EncodesAndDecodes)
{
    const VarintCase& c = GetParam();
    Writer w;
    w.varlong(c.value);
    EXPECT_EQ(w.data(), c.encoded);
    EXPECT_EQ(varlongSize(c.value), c.encoded.size());
    Reader r(w.data());
    EXPECT_EQ(r.varlong(), c.value);
    if (c.value >= std::numeric_limits<std::int32_t>::min() && c.value <= std::numeric_limits<std::int32_t>::max()) {
        Writer w32;
        w32.varint(static_cast<std::int32_t>(c.value));
        EXPECT_EQ(w32.data(), c.encoded);
        Reader r32(w32.data());
        EXPECT_EQ(r32.varint(), c.value);
    }
}

INSTANTIATE_TEST_SUITE_P(ByteUtilsTest, WireVarint,
                         testing::Values(VarintCase{0, bytesOf({0x00})}, VarintCase{-1, bytesOf({0x01})},
                                         VarintCase{1, bytesOf({0x02})}, VarintCase{63, bytesOf({0x7e})},
                                         VarintCase{-64, bytesOf({0x7f})}, VarintCase{64, bytesOf({0x80, 0x01})},
                                         VarintCase{-65, bytesOf({0x81, 0x01})},
                                         VarintCase{std::numeric_limits<std::int32_t>::max(),
                                                    bytesOf({0xfe, 0xff, 0xff, 0xff, 0x0f})},
                                         VarintCase{std::numeric_limits<std::int32_t>::min(),
                                                    bytesOf({0xff, 0xff, 0xff, 0xff, 0x0f})},
                                         VarintCase{std::numeric_limits<std::int64_t>::max(),
                                                    bytesOf({0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01})},
                                         VarintCase{std::numeric_limits<std::int64_t>::min(),
                                                    bytesOf({0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01})}));

TEST(WireBytes, AVarintOfSixBytesIsAnError)
{
    const Bytes b = bytesOf({0xff, 0xff, 0xff, 0xff, 0xff, 0x01});
    Reader r(b);
    EXPECT_THROW(r.varint(), DecodeError);
}

TEST(WireBytes, StringsWithBothLengthKinds)
{
    Writer w;
    w.string("orders");
    w.nullableString(std::nullopt);
    w.compactString("kcat");
    w.compactNullableString(std::nullopt);
    Reader r(w.data());
    EXPECT_EQ(r.string(), "orders");
    EXPECT_EQ(r.nullableString(), std::nullopt);
    EXPECT_EQ(r.compactString(), "kcat");
    EXPECT_EQ(r.compactNullableString(), std::nullopt);
    EXPECT_TRUE(r.atEnd());
}

TEST(WireBytes, ALengthBeyondTheFrameIsAnErrorNotAnAllocation)
{
    // BYTES of 2 GiB - 1 in a frame of 8 bytes.
    const Bytes b = bytesOf({0x7f, 0xff, 0xff, 0xff, 1, 2, 3, 4});
    Reader r(b);
    try {
        r.bytes();
        FAIL() << "expected a DecodeError";
    } catch (const DecodeError& error) {
        EXPECT_EQ(error.offset(), 4u);
        EXPECT_NE(std::string(error.what()).find("2147483647 bytes"), std::string::npos) << error.what();
    }
}

TEST(WireBytes, AnArrayCountIsCheckedAgainstTheBytesLeft)
{
    const Bytes b = bytesOf({0x00, 0x10, 0x00, 0x00, 1, 2, 3, 4});
    Reader r(b);
    EXPECT_THROW(r.arrayLength(4), DecodeError);
    const Bytes nullBytes = bytesOf({0xff, 0xff, 0xff, 0xff});
    Reader nullArray(nullBytes);
    EXPECT_EQ(nullArray.nullableArrayLength(4), std::nullopt);
}

TEST(WireBytes, TaggedFieldsAreSkipped)
{
    Writer w;
    w.unsignedVarint(2); // two fields
    w.unsignedVarint(0); // tag 0
    w.unsignedVarint(3);
    w.raw(bytesOf({9, 9, 9}));
    w.unsignedVarint(7); // tag 7
    w.unsignedVarint(0);
    w.int8(42);
    Reader r(w.data());
    r.skipTaggedFields();
    EXPECT_EQ(r.int8(), 42);
}

TEST(WireBytes, PatchedLengthsAndOffsetsFromTheFrameStart)
{
    Writer w;
    const std::size_t at = w.reserveInt32();
    w.int16(7);
    w.patchInt32(at, 2);
    EXPECT_EQ(w.data(), bytesOf({0, 0, 0, 2, 0, 7}));
    Reader r(ByteView(w.data()).subspan(4), 4);
    EXPECT_EQ(r.offset(), 4u);
    r.int16();
    EXPECT_THROW(r.int8(), DecodeError);
}
