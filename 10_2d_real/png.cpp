// PNG = signature, then chunks (length, type, data, CRC-32 of type and data): IHDR, IDAT, IEND.
// IDAT holds a zlib stream; stored (uncompressed) deflate blocks of at most 65535 bytes keep
// the writer short, and each scanline starts with filter byte 0 (none).
#include "10_2d_real/png.hpp"

#include <array>
#include <fstream>
#include <stdexcept>

namespace course::twod {

namespace {

std::uint32_t crc32(const std::uint8_t* p, std::size_t n, std::uint32_t crc = 0) {
  static const auto table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t i = 0; i < 256; ++i) {
      std::uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[i] = c;
    }
    return t;
  }();
  crc = ~crc;
  for (std::size_t i = 0; i < n; ++i) crc = table[(crc ^ p[i]) & 0xFF] ^ (crc >> 8);
  return ~crc;
}

void put32(std::vector<std::uint8_t>& v, std::uint32_t x) {
  for (int s = 24; s >= 0; s -= 8) v.push_back(static_cast<std::uint8_t>(x >> s));
}

void chunk(std::ofstream& f, const char* type, const std::vector<std::uint8_t>& data) {
  std::vector<std::uint8_t> body(type, type + 4);
  body.insert(body.end(), data.begin(), data.end());
  std::vector<std::uint8_t> head;
  put32(head, static_cast<std::uint32_t>(data.size()));
  std::vector<std::uint8_t> tail;
  put32(tail, crc32(body.data(), body.size()));
  f.write(reinterpret_cast<const char*>(head.data()), 4);
  f.write(reinterpret_cast<const char*>(body.data()), static_cast<std::streamsize>(body.size()));
  f.write(reinterpret_cast<const char*>(tail.data()), 4);
}

}  // namespace

void write_png(const std::string& path, int width, int height, int channels, const std::vector<std::uint8_t>& pixels) {
  if ((channels != 1 && channels != 3) || width <= 0 || height <= 0 ||
      pixels.size() != static_cast<std::size_t>(width) * height * channels)
    throw std::invalid_argument("write_png: pixel buffer does not match " + std::to_string(width) + "x" + std::to_string(height));
  std::vector<std::uint8_t> raw;
  const std::size_t stride = static_cast<std::size_t>(width) * channels;
  for (int y = 0; y < height; ++y) {
    raw.push_back(0);
    raw.insert(raw.end(), pixels.begin() + y * stride, pixels.begin() + (y + 1) * stride);
  }
  std::vector<std::uint8_t> z = {0x78, 0x01};
  std::uint32_t a = 1, b = 0;  // Adler-32 of the uncompressed data
  for (std::uint8_t x : raw) { a = (a + x) % 65521; b = (b + a) % 65521; }
  for (std::size_t pos = 0; pos < raw.size() || pos == 0; pos += 65535) {
    const std::size_t len = std::min<std::size_t>(65535, raw.size() - pos);
    z.push_back(pos + len >= raw.size() ? 1 : 0);  // BFINAL, BTYPE = 00 (stored)
    z.push_back(static_cast<std::uint8_t>(len & 0xFF));
    z.push_back(static_cast<std::uint8_t>(len >> 8));
    z.push_back(static_cast<std::uint8_t>(~len & 0xFF));
    z.push_back(static_cast<std::uint8_t>((~len >> 8) & 0xFF));
    z.insert(z.end(), raw.begin() + pos, raw.begin() + pos + len);
    if (pos + len >= raw.size()) break;
  }
  put32(z, (b << 16) | a);
  std::vector<std::uint8_t> ihdr;
  put32(ihdr, static_cast<std::uint32_t>(width));
  put32(ihdr, static_cast<std::uint32_t>(height));
  ihdr.insert(ihdr.end(), {8, static_cast<std::uint8_t>(channels == 1 ? 0 : 2), 0, 0, 0});
  std::ofstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error("write_png: cannot open " + path);
  const std::uint8_t sig[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
  f.write(reinterpret_cast<const char*>(sig), 8);
  chunk(f, "IHDR", ihdr);
  chunk(f, "IDAT", z);
  chunk(f, "IEND", {});
  if (!f) throw std::runtime_error("write_png: writing " + path + " failed");
}

}  // namespace course::twod
