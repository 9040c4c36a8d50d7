// rule: nested-closures
// pattern: task-group-closure
// expect: none
func loadAll() async throws -> [Int] {
  try await withThrowingTaskGroup(of: Int.self) { group in
    for id in ids {
      group.addTask {
        try await Task { try await client.size(of: id) }.value
      }
    }
    return try await group.reduce(into: []) { $0.append($1) }
  }
}
