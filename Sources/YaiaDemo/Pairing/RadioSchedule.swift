import Yaia

/// A speaker's announcement, as a Bluetooth scan reports it.
struct Broadcast: Codable, Hashable, Sendable, Identifiable {
  /// The speaker's address: `C3:D4:19:07`.
  var id: String
  /// The model it announces.
  var model: String
  /// The received signal strength in dBm: -30 is next to you, -90 is barely there.
  var signal: Int

}

/// What the radio hears.
enum RadioChange: Codable, Hashable, Sendable {
  /// A speaker started announcing itself.
  case appeared(Broadcast)
  /// A speaker's signal changed.
  case signal(id: String, dBm: Int)
  /// A speaker stopped announcing (switched off, out of range).
  case vanished(id: String)
}

/// The simulated Bluetooth radio's schedule: which speakers appear, change signal and vanish,
/// and when, decided entirely by a seed. The same seed gives the same schedule on every
/// machine, so a demo run or a test is reproducible; the shell (``SimulatedRadio``) only
/// plays it on a clock.
struct RadioSchedule: Sequence, Sendable {
  /// One change and when it happens, counted from the start of the scan.
  struct Entry: Hashable, Sendable {
    /// When, from the start of the scan.
    var at: Duration
    /// What happens.
    var change: RadioChange
  }

  /// The speakers that may be around.
  static let catalog: [(address: String, model: String)] = [
    ("A1:B2:3C:01", "Bose SoundLink Flex"),
    ("C3:D4:19:07", "JBL Charge 5"),
    ("E5:F6:42:11", "Sonos Roam"),
    ("0A:1B:77:20", "UE Boom 3"),
    ("7C:8D:05:33", "Marshall Emberton"),
    ("9E:0F:61:4A", "Bang & Olufsen A1"),
    ("2B:3C:88:52", "Anker Soundcore 2"),
    ("4D:5E:90:6C", "Sony SRS-XB13"),
  ]

  /// The seed.
  let seed: UInt64

  /// The schedule's entries, without end.
  func makeIterator() -> Iterator { Iterator(seed: seed) }

  /// Produces the entries one by one: first three speakers appear within a second, then every
  /// 0.4–1.2 s a present speaker's signal changes (most often), a new one appears, or one
  /// vanishes, with at least two and at most six speakers around.
  struct Iterator: IteratorProtocol, Sendable {
    private var random: SplitMix64
    private var time: Duration = .zero
    private var present: [String: Int] = [:]
    private var order: [String] = []
    private var opening = 3

    init(seed: UInt64) {
      random = SplitMix64(seed: seed)
    }

    /// The next entry.
    mutating func next() -> Entry? {
      if opening > 0 {
        opening -= 1
        time += .milliseconds(150 + random.next(upTo: 300))
        return Entry(at: time, change: appear())
      }
      time += .milliseconds(400 + random.next(upTo: 800))
      let roll = random.next(upTo: 10)
      if (roll < 2 && present.count < 6) || present.count < 2 {
        return Entry(at: time, change: appear())
      }
      if roll < 3 && present.count > 2 {
        let id = order.remove(at: random.next(upTo: order.count))
        present[id] = nil
        return Entry(at: time, change: .vanished(id: id))
      }
      let id = order[random.next(upTo: order.count)]
      let old = present[id] ?? -60
      var new = old + random.next(upTo: 25) - 12
      new = Swift.min(-30, Swift.max(-95, new))
      if new == old { new = old == -30 ? -31 : old + 1 }
      present[id] = new
      return Entry(at: time, change: .signal(id: id, dBm: new))
    }

    private mutating func appear() -> RadioChange {
      let absent = RadioSchedule.catalog.filter { present[$0.address] == nil }
      let pick = absent[random.next(upTo: absent.count)]
      let signal = -45 - random.next(upTo: 40)
      present[pick.address] = signal
      order.append(pick.address)
      return .appeared(Broadcast(id: pick.address, model: pick.model, signal: signal))
    }
  }
}
