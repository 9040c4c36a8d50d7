// rule: nested-closures
// pattern: tca-effect-async
// expect: none
let feature = Reduce { state, action in
  switch action {
  case .load:
    return .run { send in
      await send(.loaded(Result { try await client.fetch() }))
    }
  }
}
