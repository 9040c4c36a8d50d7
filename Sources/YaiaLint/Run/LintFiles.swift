#if Lint  // the trait; without it, TraitRequirement.swift names it
  package import Foundation

  /// Finds and reads the Swift files under the paths given to `yaia lint`, refusing politely
  /// what cannot be linted: unreadable files and directories, files that are not UTF-8 text
  /// (binary, other encodings), files over the size limit, symbolic-link loops.
  public enum LintFiles {
    /// The largest file read: 4 MiB (50,000 lines of Swift are about 2 MiB). It bounds what one
    /// file costs: a syntax tree takes up to about 200 bytes per byte of source (a 4.7 MB line
    /// of calls took 935 MB and 2 s in a release build), and two files are linted at once.
    public static let maxFileBytes = 4 << 20
    /// How deep directories are followed.
    public static let maxDepth = 64
    /// The names never entered unless a configuration says otherwise (`skip:`): hidden ones
    /// (`.build`, `.git`, `.swiftpm`), Xcode's build products and two dependency managers'
    /// folders. Globs on a file's or folder's name alone, at any depth. Each one met is named
    /// in the run's summary.
    public static let builtInSkips = [".*", "DerivedData", "Pods", "Carthage"]

    /// The folders the linter once skipped by a fixed list; now ``builtInSkips``, which
    /// `skip:` replaces.
    @available(*, deprecated, renamed: "builtInSkips")
    public static let skippedDirectories: Set<String> = [
      ".build", ".git", ".swiftpm", "DerivedData", "Pods", "Carthage",
    ]

    /// What a run did not look at, besides the problems: what it skipped by name (never
    /// entered) and what `exclude` left out of the paths named on the command line.
    public struct Skipped: Equatable, Sendable, Codable {
      /// Files and folders not entered for their name, as reported paths (`Sources/Pods`).
      public var byName: [String] = []
      /// A new record.
      public init(byName: [String] = []) {
        self.byName = byName
      }
    }

    /// The sources under `paths` (files or directories), each read once, and the paths that
    /// could not be read, with why.
    ///
    /// With a `root` (the configuration file's folder), every path is reported relative to it,
    /// whatever the working directory: `exclude` globs, layers' `paths`, baselines and SARIF
    /// then name the same file the same way from any folder the run starts in.
    ///
    /// What `excluding` matches (by the reported path) is left out before it is read: an
    /// excluded folder is not entered, an excluded file is not opened. Each of its patterns that
    /// matched nothing is a problem (a warning) naming it.
    public static func collect(
      _ paths: [String], relativeTo root: String? = nil, excluding: [String] = []
    ) -> (sources: [LintSource], problems: [LintProblem]) {
      let found = collect(paths, relativeTo: root, excluding: excluding, skipping: builtInSkips)
      return (found.sources, found.problems)
    }

    /// ``collect(_:relativeTo:excluding:)``, skipping the names `skipping` matches (globs on
    /// a name; ``builtInSkips`` by default) and saying which it skipped.
    ///
    /// A path named on the command line is never skipped for its name; one that `excluding`
    /// matches is a problem that says so (it was asked for, and is not linted). An exclusion
    /// also holds through a link: a link to an excluded folder is not entered.
    public static func collect(
      _ paths: [String], relativeTo root: String? = nil, excluding: [String] = [],
      skipping: [String]
    ) -> (sources: [LintSource], problems: [LintProblem], skipped: Skipped) {
      var walker = Walker(
        root: root, exclusion: LintExclusion(excluding), skips: skipping.map { Glob($0) })
      for path in paths { walker.visit(path, depth: 0, explicit: true) }
      let unmatched = walker.exclusion.unmatchedProblems
      guard let root else {
        return (walker.sources, walker.problems + unmatched, Skipped(byName: walker.skipped))
      }
      return (
        walker.sources.map { LintSource(path: shown($0.path, root: root), text: $0.text) },
        walker.problems.map {
          LintProblem(
            path: shown($0.path, root: root), message: $0.message, isUnparsed: $0.isUnparsed)
        } + unmatched,
        Skipped(byName: walker.skipped.map { shown($0, root: root) })
      )
    }

    /// `path` relative to the folder `root`, wherever the run starts: `Sources/A.swift` inside
    /// it, `../Shared/B.swift` beside it. A file outside the configuration's folder is then
    /// named the same way from any working directory, and on any machine with the same layout.
    public static func shown(_ path: String, root: String) -> String {
      let file = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
      let folder = URL(fileURLWithPath: root).standardizedFileURL.pathComponents
      var shared = 0
      while shared < min(file.count, folder.count), file[shared] == folder[shared] { shared += 1 }
      let parts = Array(repeating: "..", count: folder.count - shared) + file[shared...]
      return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// At most `limit` bytes of the file at `path`, or `nil` if it cannot be read.
    /// Opened without blocking: a file swapped for a FIFO after it was checked answers "cannot
    /// be read" instead of waiting for a writer for ever.
    static func read(_ path: String, atMost limit: Int) -> Data? {
      let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
      guard descriptor >= 0 else { return nil }
      let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
      defer { try? handle.close() }
      return try? handle.read(upToCount: limit) ?? Data()
    }

    /// The text of `data`, or why it is no Swift source.
    package static func text(_ data: Data) -> Result<String, LintProblemReason> {
      guard data.count <= maxFileBytes else { return .failure(.tooLarge(data.count)) }
      if data.contains(0) { return .failure(.binary) }
      guard let text = String(data: data, encoding: .utf8) else { return .failure(.notUTF8) }
      return .success(text)
    }

    /// Why a file is not linted.
    package enum LintProblemReason: Error, CustomStringConvertible {
      case tooLarge(Int)
      case binary
      case notUTF8

      package var description: String {
        switch self {
        case .tooLarge(let bytes):
          "is \(bytes) bytes, over the limit of \(LintFiles.maxFileBytes); not linted"
        case .binary: "holds NUL bytes: a binary file, not Swift source; not linted"
        case .notUTF8: "is not UTF-8 text; not linted"
        }
      }
    }

    private struct Walker {
      /// The folder paths are reported relative to, if any.
      let root: String?
      var exclusion: LintExclusion
      /// The names not entered.
      let skips: [Glob]
      /// The root with its links resolved, to name a resolved path against (a root reached
      /// through a link would otherwise make every resolved path look outside it).
      var resolvedRoot: String? {
        root.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
      }
      /// What was not entered for its name.
      var skipped: [String] = []
      var sources: [LintSource] = []
      var problems: [LintProblem] = []
      var seen: Set<String> = []
      let manager = FileManager.default

      mutating func visit(_ path: String, depth: Int, explicit: Bool) {
        // Left out before anything is read: an excluded folder is not entered, whether it is
        // reached by its own path or through a link to it.
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        if exclusion.excludes(root.map { LintFiles.shown(path, root: $0) } ?? path)
          || (resolved != URL(fileURLWithPath: path).standardizedFileURL.path
            && exclusion.excludes(
              resolvedRoot.map { LintFiles.shown(resolved, root: $0) } ?? resolved))
        {
          if explicit {
            problems.append(
              LintProblem(
                path: path,
                message:
                  "is named on the command line but excluded by the configuration; not linted"))
          }
          return
        }
        guard seen.insert(resolved).inserted else {
          if explicit {
            problems.append(LintProblem(path: path, message: "was already linted (a link to it)"))
          }
          return
        }
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: resolved, isDirectory: &isDirectory) else {
          // A dangling link, or a link loop that never resolves.
          problems.append(
            LintProblem(path: path, message: "does not exist (or is a broken or looping link)"))
          return
        }
        if isDirectory.boolValue {
          guard depth < LintFiles.maxDepth else {
            problems.append(
              LintProblem(
                path: path,
                message: "is nested more than \(LintFiles.maxDepth) directories deep; not entered",
                isUnparsed: true))
            return
          }
          let entries: [String]
          do {
            entries = try manager.contentsOfDirectory(atPath: path).sorted()
          } catch {
            problems.append(
              LintProblem(
                path: path, message: "cannot be read: \(error.localizedDescription)",
                isUnparsed: true))
            return
          }
          for entry in entries {
            let child = path == "." ? entry : "\(path)/\(entry)"
            // Skipped for its name, and said: never in silence.
            if skips.contains(where: { $0.matches(entry) }) {
              // Named when it could have held Swift: a folder, or a Swift file (a hidden
              // `.gitignore` was never going to be linted).
              var isFolder: ObjCBool = false
              if entry.lowercased().hasSuffix(".swift")
                || (manager.fileExists(atPath: child, isDirectory: &isFolder) && isFolder.boolValue)
              {
                skipped.append(child)
              }
              continue
            }
            visit(child, depth: depth + 1, explicit: false)
          }
          return
        }
        // `.SWIFT` is a Swift file too on a file system that ignores case (macOS's default).
        guard explicit || path.lowercased().hasSuffix(".swift") else { return }
        // Only a regular file is opened: a FIFO named `*.swift` would block the read for ever,
        // and a socket or a device is no source.
        let attributes = try? manager.attributesOfItem(atPath: resolved)
        guard attributes?[.type] as? FileAttributeType == .typeRegular else {
          problems.append(
            LintProblem(
              path: path, message: "is not a regular file (a FIFO, socket or device); not linted"))
          return
        }
        // The size is checked before reading, and no more than the limit and a byte is read:
        // a huge file (or one that grows) never comes into memory whole.
        if let size = attributes?[.size] as? NSNumber, size.intValue > LintFiles.maxFileBytes {
          problems.append(
            LintProblem(
              path: path, message: LintProblemReason.tooLarge(size.intValue).description,
              isUnparsed: true))
          return
        }
        guard let data = LintFiles.read(path, atMost: LintFiles.maxFileBytes + 1) else {
          problems.append(
            LintProblem(path: path, message: "cannot be read (permissions?)", isUnparsed: true))
          return
        }
        switch LintFiles.text(data) {
        case .success(let text): sources.append(LintSource(path: path, text: text))
        case .failure(let reason):
          problems.append(
            LintProblem(path: path, message: reason.description, isUnparsed: true))
        }
      }
    }
  }
#endif
