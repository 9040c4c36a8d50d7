/// Which page shows which shell. Two pages stepping through one shell would each believe the
/// other's selection is theirs, so a shell is held by one page at a time: a second page is told
/// which page holds it and may take it over; the first is then told it lost it.
struct PageClaims {
  /// A page that has not asked for news for this long is gone (pages ask every half second):
  /// 5 s unless the server's configuration says otherwise.
  static let pageTimeout: Double = 5
  /// How long this server waits for a page's news before taking it for gone, in seconds.
  var timeout = PageClaims.pageTimeout

  private(set) var holders: [InspectorLog.ShellKey: Int] = [:]
  private var lastSeen: [Int: Double] = [:]
  private var lost: [Int: [InspectorLog.ShellKey]] = [:]
  private var nextPage = 1
  /// The most pages known at once; the longest-quiet is forgotten past it.
  static let mostPages = 64

  /// A new page's id; or, for a page that was reloaded (it gives the id it had), that same
  /// id while this server still knows it, so that the reloaded page keeps its shells instead of
  /// finding them "open in another page": its old self.
  mutating func open(reusing previous: Int? = nil, at now: Double) -> Int {
    if let previous, lastSeen[previous] != nil {
      lastSeen[previous] = now
      return previous
    }
    if lastSeen.count >= Self.mostPages,
      let oldest = lastSeen.min(by: { $0.value < $1.value })?.key
    {
      forget(oldest)
    }
    defer { nextPage += 1 }
    lastSeen[nextPage] = now
    return nextPage
  }

  /// Whether `page` is one this server opened and still knows.
  func knows(_ page: Int) -> Bool { lastSeen[page] != nil }

  /// Notes that `page` asked for news; returns the shells it lost since it last asked.
  mutating func seen(_ page: Int, at now: Double) -> [InspectorLog.ShellKey] {
    guard lastSeen[page] != nil else { return [] }
    lastSeen[page] = now
    return lost.removeValue(forKey: page) ?? []
  }

  /// Gives `shell` to `page`, unless another page that is still there holds it and
  /// `takeOver` is false: then the holder's id.
  mutating func watch(
    _ shell: InspectorLog.ShellKey, by page: Int, takeOver: Bool, at now: Double
  ) -> Result<Void, WatchConflict> {
    if let holder = holders[shell], holder != page,
      let seen = lastSeen[holder], now - seen <= timeout
    {
      guard takeOver else { return .failure(WatchConflict(holder: holder)) }
      lost[holder, default: []].append(shell)
    }
    for (key, holder) in holders where holder == page && key != shell {
      holders[key] = nil
    }
    holders[shell] = page
    return .success(())
  }

  private mutating func forget(_ page: Int) {
    lastSeen[page] = nil
    lost[page] = nil
    for (key, holder) in holders where holder == page { holders[key] = nil }
  }
}

/// Another page holds the shell.
extension PageClaims {
  /// What a request naming a page the inspector does not know is told.
  static func unknownPage(_ page: Int) -> String {
    "no page \(page) here: the inspector was restarted since the page opened, or it was quiet "
      + "too long; reload the page"
  }
}

struct WatchConflict: Error, Equatable {
  var holder: Int

  var message: String {
    "This shell is open in another page (page \(holder)). Take it over to step through it here; the other page will say so."
  }
}
