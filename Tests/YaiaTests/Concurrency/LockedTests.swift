import Testing

@testable import Yaia

@Suite("Locked: the package's one lock")
struct LockedTests {
  struct Failure: Error {}

  @Test("changes from many threads at once are all kept")
  func concurrentChanges() async {
    let counter = Locked(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
        }
      }
    }
    #expect(counter.value == 80_000)
  }

  @Test("what the body returns or throws comes out, and the lock is free again")
  func returnsAndThrows() {
    let names = Locked<[String]>([])
    #expect(
      names.withLock {
        $0.append("a")
        return $0.count
      } == 1)
    #expect(throws: Failure.self) {
      try names.withLock { _ in throw Failure() }
    }
    names.withLock { $0.append("b") }  // would deadlock if the throw had kept the lock
    #expect(names.value == ["a", "b"])
  }

  @Test("a flag is set once and read from anywhere")
  func flag() {
    let stopping = Locked(false)
    #expect(!stopping.value)
    stopping.set()
    #expect(stopping.value)
  }
}
