#if MockServer  // the trait; without it, TraitRequirement.swift names it
  public import Foundation
  import Yaia

  /// Writes a ``Recording`` into a fixtures folder as it grows: each new fixture file at once,
  /// the manifest at most every quarter of a second and on ``finish()``. The folder then serves
  /// as it is: `yaia mock-server --fixtures FOLDER`.
  ///
  /// ```swift
  /// let recorder = try MockRecorder(folder: fixtures, source: backend.absoluteString)
  /// configuration.upstream = MockUpstream(.everything, send: forward, onExchange: { await recorder.record($0, $1) })
  /// // … the app's requests …
  /// try await recorder.finish()
  /// ```
  ///
  /// It records only into a folder that is empty or does not exist yet, so it never overwrites
  /// fixtures someone wrote by hand. Every file it writes is inside that folder, named by
  /// ``Recording`` from letters, digits, `.`, `-` and `_`. An exchange it cannot keep (a limit
  /// of ``RecordingPolicy`` passed) is reported through `onProblem` and left out; the request is
  /// still answered.
  public actor MockRecorder {
    /// The fixtures folder written to.
    public nonisolated let folder: URL
    private var recording: Recording
    private let onProblem: (@Sendable (RecordingError) -> Void)?
    private var manifestDirty = false
    private var lastManifestWrite: ContinuousClock.Instant?
    private var flushScheduled = false
    private var failures: [RecordingError] = []
    /// How often the manifest is written at most while requests arrive.
    static let manifestInterval: Duration = .milliseconds(250)

    /// A recorder into `folder` (created when missing), of answers from `source`, kept by
    /// `policy`; `onProblem` hears of each exchange not recorded.
    ///
    /// - Throws: ``RecordingError/unusableFolder(path:reason:)`` when the folder holds files,
    ///   is a file, or cannot be created.
    public init(
      folder: URL, source: String? = nil, policy: RecordingPolicy = RecordingPolicy(),
      onProblem: (@Sendable (RecordingError) -> Void)? = nil
    ) throws(RecordingError) {
      let manager = FileManager.default
      var isFolder: ObjCBool = false
      if manager.fileExists(atPath: folder.path, isDirectory: &isFolder) {
        guard isFolder.boolValue else {
          throw .unusableFolder(path: folder.path, reason: "it is a file, not a folder")
        }
        let contents = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
        guard contents.isEmpty else {
          throw .unusableFolder(
            path: folder.path,
            reason:
              "it holds \(contents.count) file(s) already; record into an empty or new folder, so that no fixture is overwritten"
          )
        }
      } else {
        do {
          try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
          throw .unusableFolder(path: folder.path, reason: error.localizedDescription)
        }
      }
      self.folder = folder.standardizedFileURL.resolvingSymlinksInPath()
      self.recording = Recording(source: source, policy: policy)
      self.onProblem = onProblem
      try Self.write(Data(recording.manifest().utf8), to: "manifest.yaml", in: self.folder)
    }

    /// Records what the backend answered to `request`: a new fixture file is written at once,
    /// the manifest soon after. A problem is reported, never thrown: the app's request must not
    /// fail because a recording is full.
    public func record(_ request: HTTPRequest, _ response: HTTPResponse) {
      do {
        // Kept only once its file is written: a manifest never names a file that is not there.
        var next = recording
        let change = try next.add(request, response)
        if let file = change.newFile {
          try Self.write(file.content, to: file.name, in: folder)
        }
        recording = next
        if change.manifestChanged { manifestChanged() }
      } catch {
        if failures.count < 100 { failures.append(error) }
        onProblem?(error)
      }
    }

    /// Writes the manifest if it changed since it was last written, and returns the problems
    /// met so far (the first 100).
    @discardableResult
    public func finish() throws(RecordingError) -> [RecordingError] {
      if manifestDirty { try writeManifest() }
      return failures
    }

    /// The recording so far.
    public func current() -> Recording { recording }

    private func manifestChanged() {
      manifestDirty = true
      let now = ContinuousClock.now
      if let last = lastManifestWrite, now - last < Self.manifestInterval {
        guard !flushScheduled else { return }
        flushScheduled = true
        Task {
          try? await Task.sleep(for: Self.manifestInterval)
          self.scheduledFlush()
        }
        return
      }
      do {
        try writeManifest()
      } catch {
        onProblem?(error)
      }
    }

    private func scheduledFlush() {
      flushScheduled = false
      guard manifestDirty else { return }
      do {
        try writeManifest()
      } catch {
        onProblem?(error)
      }
    }

    private func writeManifest() throws(RecordingError) {
      try Self.write(Data(recording.manifest().utf8), to: "manifest.yaml", in: folder)
      manifestDirty = false
      lastManifestWrite = .now
    }

    /// Writes `content` to `name` inside `folder`, atomically, refusing any place outside it
    /// (a link planted in the folder while recording).
    private static func write(_ content: Data, to name: String, in folder: URL)
      throws(RecordingError)
    {
      let target = folder.appending(path: name).standardizedFileURL
      let parent = target.deletingLastPathComponent()
      // The deepest folder that exists already must be inside: a link planted in the folder
      // while recording cannot make the recorder create folders, or write, elsewhere.
      var existing = parent
      while !FileManager.default.fileExists(atPath: existing.path), existing.path != "/" {
        existing = existing.deletingLastPathComponent()
      }
      func inside(_ url: URL) -> Bool {
        let real = url.resolvingSymlinksInPath().path
        return real == folder.path || real.hasPrefix(folder.path + "/")
      }
      guard !name.hasPrefix("/"), !name.split(separator: "/").contains(".."), inside(existing)
      else {
        throw .cannotWrite(
          path: target.path, reason: "it is outside the fixtures folder \(folder.path)")
      }
      do {
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
      } catch {
        throw .cannotWrite(path: target.path, reason: error.localizedDescription)
      }
      guard inside(parent) else {
        throw .cannotWrite(
          path: target.path, reason: "it is outside the fixtures folder \(folder.path)")
      }
      do {
        // Only ever a regular file is replaced: a FIFO, device or link planted at the name is
        // refused, not written through or replaced.
        try OutsideFile.replace(target.path, with: content)
      } catch {
        throw .cannotWrite(path: target.path, reason: error.description)
      }
    }
  }
#endif
