// A minimal PNG writer for the demo's images (8-bit grey or RGB, no compression: the zlib
// stream uses stored blocks), so the demo needs no image library.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace course::twod {

// pixels: height rows of width * channels bytes (channels 1 = grey, 3 = RGB). Throws on I/O errors.
void write_png(const std::string& path, int width, int height, int channels, const std::vector<std::uint8_t>& pixels);

}  // namespace course::twod
