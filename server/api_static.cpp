// The web client's files, when the server serves them (--web): each from
// the web folder (its gzipped copy when the browser accepts it) with its
// type and how long a browser may keep it.
#include <filesystem>
#include <fstream>
#include <sstream>

#include "server/api.h"
#include "server/protocol.h"

namespace meeple::server::api {

namespace {

std::string mime_type(std::string_view path) {
  auto ends = [&](std::string_view e) { return path.ends_with(e); };
  if (ends(".html")) return "text/html; charset=utf-8";
  if (ends(".js") || ends(".mjs")) return "text/javascript";
  if (ends(".css")) return "text/css";
  if (ends(".json")) return "application/json";
  if (ends(".webmanifest")) return "application/manifest+json";
  if (ends(".svg")) return "image/svg+xml";
  if (ends(".png")) return "image/png";
  if (ends(".ico")) return "image/x-icon";
  if (ends(".wasm")) return "application/wasm";
  return "application/octet-stream";
}

// How long a browser may keep a file of the web client. The build names
// every file under /assets/ by its content's hash (web/vite.config.ts), so
// a new build never changes one: kept for a year without asking again.
// Every other file (index.html, the service worker sw.js and its Workbox
// runtime, the manifest, the icons, the offline page) keeps its name from
// build to build: the browser asks again each time, so a new build is seen
// at the next visit (the service worker then serves them from its cache).
std::string_view cache_control(std::string_view rel) {
  if (rel.starts_with("/assets/")) return "public, max-age=31536000, immutable";
  return "no-cache";
}

}  // namespace

// `r.file` is a checked path under the web folder (route_http).
void static_file(const CallPtr& c, const Route& r) {
  const std::string& dir = c->hub().options.web_dir;
  const std::string& rel = r.file;
  // Files only: a folder opens as a stream that reads nothing.
  std::error_code fs_error;
  if (!std::filesystem::is_regular_file(dir + rel, fs_error))
    return c->send_error(make_error(errc::kNotFound, "no such file"));
  // The build writes a gzipped copy beside each text file (web/vite.config.ts):
  // sent as it is to a browser that accepts gzip.
  const auto accepts = c->request()[http::field::accept_encoding];
  const bool gzip = accepts.find("gzip") != beast::string_view::npos;
  std::ifstream f;
  if (gzip) f.open(dir + rel + ".gz", std::ios::binary);
  const bool zipped = f.is_open();
  if (!zipped) f.open(dir + rel, std::ios::binary);
  if (!f) return c->send_error(make_error(errc::kNotFound, "no such file"));
  std::ostringstream ss;
  ss << f.rdbuf();
  c->send_text(http::status::ok, ss.str(), mime_type(rel), zipped ? "gzip" : "",
               cache_control(rel));
}

}  // namespace meeple::server::api
