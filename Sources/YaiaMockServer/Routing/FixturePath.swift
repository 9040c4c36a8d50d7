#if MockServer  // the trait; without it, TraitRequirement.swift names it
  public import Foundation

  /// Resolves a fixture name from a manifest to a file inside the fixtures folder, and refuses
  /// any name that would leave it: absolute paths, `..` segments, and symbolic links that point
  /// outside.
  public enum FixturePath {
    /// The file `name` names inside `folder`.
    ///
    /// - Throws: ``MockServerError/fixtureOutsideFolder(path:folder:)`` when it would leave the
    ///   folder, ``MockServerError/missingFixture(path:)`` when the file does not exist or is not
    ///   a regular file (a folder).
    public static func resolve(_ name: String, in folder: URL) throws(MockServerError) -> URL {
      let root = folder.standardizedFileURL.resolvingSymlinksInPath()
      guard !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else {
        throw .fixtureOutsideFolder(path: name, folder: root.path)
      }
      let candidate = root.appending(path: name).standardizedFileURL
      guard FileManager.default.fileExists(atPath: candidate.path) else {
        throw .missingFixture(path: name)
      }
      let real = candidate.resolvingSymlinksInPath()
      guard real.path.hasPrefix(root.path + "/") else {
        throw .fixtureOutsideFolder(path: name, folder: root.path)
      }
      // A folder (or a device, a socket) is no fixture: refused at load, not at every request.
      let type = (try? FileManager.default.attributesOfItem(atPath: real.path))?[.type]
      guard type as? FileAttributeType == .typeRegular else {
        throw .missingFixture(path: name + " (it is not a regular file)")
      }
      return real
    }
  }
#endif
