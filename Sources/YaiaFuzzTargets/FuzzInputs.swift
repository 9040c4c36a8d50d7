package import Foundation

/// The input files under a list of files and folders (one level: a corpus folder is flat), in
/// a stable order; hidden files (`.gitkeep`) are skipped.
package enum FuzzInputs {
  /// The files in `locations`, sorted by path.
  package static func files(in locations: [URL]) -> [URL] {
    var files: [URL] = []
    for location in locations {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: location.path, isDirectory: &isFolder) else {
        continue
      }
      if isFolder.boolValue {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: location.path)) ?? []
        files += names.filter { !$0.hasPrefix(".") }.map { location.appending(path: $0) }
      } else {
        files.append(location)
      }
    }
    return files.sorted { $0.path < $1.path }
  }
}
