#include "cli/programs.h"

#include <fstream>

#include <fmt/format.h>

namespace meeple::cli {

namespace {

// What is left of `from`, up to kMaxInputBytes; `name` names it in errors.
Expected<std::string> read_all(std::istream& from, std::string_view name) {
  std::string text;
  char piece[1 << 16];
  while (from.read(piece, sizeof piece) || from.gcount() > 0) {
    const auto n = static_cast<std::size_t>(from.gcount());
    if (text.size() + n > kMaxInputBytes)
      return make_error(
          kTooLarge, fmt::format("{} is longer than {} MB: not read", name, kMaxInputBytes >> 20));
    text.append(piece, n);
  }
  if (from.bad()) return make_error(errc::kIo, fmt::format("cannot read {}", name));
  return text;
}

}  // namespace

Expected<std::string> read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return make_error(errc::kIo, fmt::format("cannot read {}", path));
  return read_all(f, path);
}

Expected<std::string> read_input(const std::string& file, std::istream& in) {
  return file == "-" ? read_all(in, "the input") : read_file(file);
}

}  // namespace meeple::cli
