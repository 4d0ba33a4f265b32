// SPDX-License-Identifier: MIT
#include "wire/crc32c.h"

#include <boost/crc.hpp>

namespace hw::wire {

std::uint32_t crc32c(ByteView bytes)
{
    // Boost.CRC's table-driven form of the Castagnoli CRC: the same parameters as Java's CRC32C.
    boost::crc_optimal<32, 0x1EDC6F41, 0xFFFFFFFF, 0xFFFFFFFF, true, true> crc;
    crc.process_bytes(bytes.data(), bytes.size());
    return crc.checksum();
}

} // namespace hw::wire
