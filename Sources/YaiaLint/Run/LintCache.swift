#if Lint  // the trait; without it, TraitRequirement.swift names it
  public import Foundation
  import Yaia
  import YaiaSupport

  /// What a run learned of each file, kept between runs so that the next one reads again only
  /// the files whose text changed.
  ///
  /// An entry is keyed by the file's path and the hash of its text; the whole cache by a
  /// ``key`` naming the configuration and the linter that wrote it, so a changed
  /// `.yaia-lint.yml` or another build of the linter starts afresh. A file whose text is
  /// unchanged is not parsed: its findings, the facts it adds to the ``LintIndex`` and its
  /// problems come from here. The findings of rules that read other files are reused only
  /// while the facts of every file are the same as in the run that wrote them; otherwise they
  /// are decided again: from the candidates kept here for the rules that give them
  /// (state-purity, value-types, notification-center), and by parsing the file again for the
  /// others.
  public struct LintCache: Codable, Sendable {
    /// The version of this format; another is read as an empty cache.
    public static let formatVersion = 5

    struct Entry: Codable, Sendable {
      /// The SHA-256 of the file's text, in hexadecimal: a 64-bit hash can be collided on
      /// purpose (a clean file and a failing one with the same hash), and an entry would then
      /// lend one file's verdict to the other.
      var hash: String
      var lines: Int
      var facts: FileFacts?
      var local: [LintFinding]
      var global: [LintFinding]
      var problem: LintProblem?
      /// The rules whose candidates the file gave (``DeferringRule``), and the candidates: when
      /// another file's facts change, the index decides them again without parsing this file.
      var deferredRules: [String] = []
      var deferred: [DeferredFinding] = []
    }

    /// The format's version.
    public var version = LintCache.formatVersion
    /// What the findings depend on besides the files: the configuration's text and the linter.
    public var key: String
    var files: [String: Entry] = [:]

    /// An empty cache for runs under `key`.
    public init(key: String) {
      self.key = key
    }

    /// The largest cache read, in bytes; a larger file is an empty cache (and is replaced).
    public static let largestFile = 256 << 20

    /// The cache at `url` if it was written under `key` in this format, tagged under `secret`,
    /// and is as it was written; otherwise an empty one. A missing, unreadable, damaged,
    /// edited or forged file is an empty cache, never an error: the cache only saves time, and
    /// a cache that cannot be trusted must not hide findings.
    ///
    /// The file's first line is an HMAC-SHA-256 tag of `key` and the rest under `secret`
    /// (``LintCacheSecret``, kept outside the linted tree): a cache edited to drop a finding,
    /// or written anywhere else, does not carry the right tag.
    public static func read(from url: URL, key: String, secret: LintCacheSecret) -> LintCache {
      guard let bytes = try? OutsideFile.read(url.path, atMost: largestFile),
        let newline = bytes.firstIndex(of: UInt8(ascii: "\n")),
        KeyedHash.sameText(
          String(decoding: bytes[..<newline], as: UTF8.self),
          KeyedHash.hex(tag(bytes[(newline + 1)...], key: key, secret: secret))),
        let cache = try? JSONDecoder().decode(LintCache.self, from: Data(bytes[(newline + 1)...])),
        cache.version == formatVersion, cache.key == key
      else { return LintCache(key: key) }
      return cache
    }

    /// Writes the cache to `url`, creating its folder; its tag under `secret` first.
    ///
    /// - Throws: `OutsideFile.Failure` when `url` names something other than a regular file
    ///   (`--cache /dev/null` is refused, never replaced), or the system's error.
    public func write(to url: URL, secret: LintCacheSecret) throws {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      let body = try JSONEncoder().encode(self)
      let head = Data(
        (KeyedHash.hex(Self.tag(body, key: key, secret: secret)) + "\n").utf8)
      try OutsideFile.replace(url.path, with: head + body)
    }

    /// The tag of a cache's `body` written under `key`: HMAC-SHA-256 under `secret` of the
    /// key, a zero byte, and the body.
    static func tag(_ body: some Collection<UInt8>, key: String, secret: LintCacheSecret)
      -> [UInt8]
    {
      KeyedHash.sha256(key: secret.bytes, message: Array(key.utf8) + [0] + Array(body))
    }

    /// The key of runs by the linter at `linter` under the configuration `configuration`: a
    /// digest of both contents, so that another build of the linter, or another configuration,
    /// starts afresh, and a cache cannot be made to match by giving a file the old size and
    /// time. A linter that cannot be read gives a key no cache matches.
    public static func key(linter: String, configuration: String) -> String {
      guard let binary = try? OutsideFile.read(linter, atMost: 4 << 30) else {
        return "unreadable-linter-\(UInt64.random(in: .min ... .max))"
      }
      return "\(String(hash(configuration), radix: 16)):\(String(digest(binary), radix: 16))"
    }

    /// A digest of `bytes`, eight at a time: a 60 MB linter in well under a second even in a
    /// debug build, where one byte at a time takes seconds.
    static func digest(_ bytes: [UInt8]) -> UInt64 {
      var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
      bytes.withUnsafeBytes { raw in
        let words = raw.count / 8
        var index = 0
        while index < words {
          var word = raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
          word &*= 0xFF51_AFD7_ED55_8CCD
          word ^= word >> 33
          hash = (hash ^ word) &* 0xC4CE_B9FE_1A85_EC53
          hash ^= hash >> 29
          index += 1
        }
        for byte in raw[(words * 8)...] { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
      }
      return hash
    }

    /// How many files it knows.
    public var count: Int { files.count }

    /// The SHA-256 of `text`'s UTF-8, in hexadecimal: what an entry is keyed by, so that no
    /// two texts anyone can write share an entry.
    public static func digest(of text: String) -> String {
      KeyedHash.hex(SHA256.digest(text.utf8))
    }

    /// A stable hash of `text` (64-bit FNV-1a over its UTF-8): the same in every run, unlike
    /// `Hasher`; for the configuration's part of ``key``, which is not a secret.
    public static func hash(_ text: String) -> UInt64 {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash &*= 0x0000_0100_0000_01b3
      }
      return hash
    }
  }
#endif
