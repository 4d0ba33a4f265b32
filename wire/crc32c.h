// SPDX-License-Identifier: MIT
#pragma once

#include "wire/bytes.h"

#include <cstdint>

/// CRC-32C (Castagnoli), the checksum of a RecordBatch v2 from its attributes to its end. Follows
/// clients/src/main/java/org/apache/kafka/common/utils/Crc32C.java at 3.7.0 (java.util.zip.CRC32C:
/// polynomial 0x1EDC6F41, reflected input and output, initial value and final XOR 0xFFFFFFFF).
namespace hw::wire {

/// The CRC-32C of the bytes; crc32c of the ASCII "123456789" is 0xE3069283 (the check value).
std::uint32_t crc32c(ByteView bytes);

} // namespace hw::wire
