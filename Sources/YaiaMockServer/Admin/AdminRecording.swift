#if MockServer  // the trait; without it, TraitRequirement.swift names it
  import Foundation
  import Yaia

  /// A recording started and stopped through the admin API, kept in memory: what a server with
  /// a backend behind it (`--proxy`) records of the exchanges it forwards while it runs, for a
  /// tester to take as a manifest and its fixture files (`GET /__yaia/recording`), without
  /// stopping the server or touching its folder.
  ///
  /// It records with ``Recording``, so secrets are redacted as `yaia mock-server record`
  /// redacts them, within a smaller policy: an in-memory recording holds at most
  /// ``policy``'s bytes. An exchange past a limit is not recorded and is counted among the
  /// problems, which the snapshot lists.
  struct AdminRecording: Sendable {
    /// The limits of a recording kept in memory: 16 MiB of files, 500 routes.
    static let policy: RecordingPolicy = {
      var policy = RecordingPolicy()
      policy.mostBytes = 16 << 20
      policy.largestBody = 4 << 20
      policy.mostRoutes = 500
      policy.mostFiles = 1_000
      return policy
    }()

    /// The most problems kept (the rest are counted).
    static let mostProblems = 100

    private(set) var recording: Recording
    private(set) var files: [Recording.RecordedFile] = []
    private(set) var problems: [String] = []
    private(set) var moreProblems = 0
    /// Whether exchanges are being recorded (false once stopped; the snapshot stays).
    private(set) var isOn = true

    /// A recording of the answers of `source`, treating `secretNames` (an API's own key
    /// names, lower-cased) as secrets beside those every recording knows: their query items
    /// are recorded as any-value items, their values redacted.
    init(source: String?, secretNames: Set<String> = []) {
      var policy = Self.policy
      policy.secretPaths += secretNames.sorted()
      policy.secretHeaders.formUnion(secretNames)
      recording = Recording(source: source, policy: policy)
    }

    /// Records one exchange the server forwarded, while on.
    mutating func add(_ request: HTTPRequest, _ response: HTTPResponse) {
      guard isOn else { return }
      do {
        let change = try recording.add(request, response)
        if let file = change.newFile { files.append(file) }
      } catch {
        if problems.count < Self.mostProblems {
          problems.append(error.description)
        } else {
          moreProblems += 1
        }
      }
    }

    /// Stops recording; the snapshot stays readable.
    mutating func stop() { isOn = false }

    /// The recording as `GET /__yaia/recording` answers it: the manifest YAML, each fixture file
    /// (as text when it is UTF-8, else base64), the exchanges not recorded and why.
    struct Snapshot: Encodable {
      struct File: Encodable {
        let name: String
        let text: String?
        let base64: String?
      }
      let recording: Bool
      let routes: Int
      let manifest: String
      let files: [File]
      let problems: [String]
      let moreProblems: Int
    }

    /// What the recording holds now.
    var snapshot: Snapshot {
      Snapshot(
        recording: isOn, routes: recording.routeCount, manifest: recording.manifest(),
        files: files.map { file in
          let text = String(data: file.content, encoding: .utf8)
          return Snapshot.File(
            name: file.name, text: text,
            base64: text == nil ? file.content.base64EncodedString() : nil)
        }, problems: problems, moreProblems: moreProblems)
    }
  }
#endif
