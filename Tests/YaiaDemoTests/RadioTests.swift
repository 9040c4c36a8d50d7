import Testing
import YaiaTesting

@testable import YaiaDemo

@Suite("The simulated radio's schedule")
struct RadioScheduleTests {
  @Test("the same seed gives the same schedule; another seed another")
  func reproducible() {
    let first = Array(RadioSchedule(seed: 7).prefix(40))
    #expect(first == Array(RadioSchedule(seed: 7).prefix(40)))
    #expect(first != Array(RadioSchedule(seed: 8).prefix(40)))
  }

  @Test("speakers appear, change signal and vanish; 2 to 6 are around once three have appeared")
  func invariants() {
    for seed in UInt64(0)..<20 {
      var present: Set<String> = []
      var kinds: Set<String> = []
      var last = Duration.zero
      for (index, entry) in RadioSchedule(seed: seed).prefix(300).enumerated() {
        #expect(entry.at > last)
        last = entry.at
        switch entry.change {
        case .appeared(let broadcast):
          #expect(present.insert(broadcast.id).inserted)
          kinds.insert("appeared")
        case .signal(let id, let dBm):
          #expect(present.contains(id))
          #expect((-95)...(-30) ~= dBm)
          kinds.insert("signal")
        case .vanished(let id):
          #expect(present.remove(id) != nil)
          kinds.insert("vanished")
        }
        if index >= 2 { #expect((2...6).contains(present.count)) }
      }
      #expect(kinds == ["appeared", "signal", "vanished"])
    }
  }

  @Test("the radio plays the schedule in order, waiting the gaps between entries")
  func plays() async {
    let waits = WaitLog()
    // The wait is logged, then the task truly suspends: a loop that never did held one of the
    // cooperative pool's two threads until the stream was released, 12 s on a busy machine.
    let radio = SimulatedRadio(seed: 3) {
      await waits.add($0)
      await Task.yield()
    }
    let heard = await firstElements(5, of: radio.scan())
    let schedule = Array(RadioSchedule(seed: 3).prefix(5))
    #expect(heard == schedule.map(\.change))
    let gaps = await waits.all.prefix(5)
    #expect(Array(gaps) == zip(schedule, [Duration.zero] + schedule.map(\.at)).map { $0.at - $1 })
  }
}

actor WaitLog {
  private(set) var all: [Duration] = []
  func add(_ duration: Duration) { all.append(duration) }
}
