// rule: unused-private
// pattern: private-set-read-elsewhere
// expect: none
public final class Counter {
  public private(set) var count = 0
  fileprivate(set) var total = 0
}
