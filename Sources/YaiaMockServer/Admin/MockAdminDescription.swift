#if MockServer  // the trait; without it, TraitRequirement.swift names it
  /// The admin API's own OpenAPI description, served at `GET /__yaia/openapi.json`: what a
  /// tester in another language generates a client from, and what the project's tests check
  /// every admin answer against (a change to an answer that does not change this fails them).
  enum MockAdminDescription {
    /// The description, OpenAPI 3.0 as JSON.
    static let json = #"""
      {
        "openapi": "3.0.3",
        "info": {
                  "title": "Yaia mock server admin API",
                  "version": "1",
                  "description": "Steers a running yaia mock-server started with --admin, from this machine only."
                },
        "paths": {
                   "/__yaia/routes": {
                                       "get": {
                                                "operationId": "listRoutes",
                                                "responses": {
                                                               "200": {
                                                                        "description": "The routes, in the order they are tried.",
                                                                        "content": {
                                                                                     "application/json": {
                                                                                                           "schema": {
                                                                                                                       "$ref": "#/components/schemas/Routes"
                                                                                                                     }
                                                                                                         }
                                                                                   }
                                                                      },
                                                               "403": {
                                                                        "$ref": "#/components/responses/Refused"
                                                                      },
                                                               "405": {
                                                                        "$ref": "#/components/responses/Refused"
                                                                      }
                                                             }
                                              }
                                     },
                   "/__yaia/journal": {
                                        "get": {
                                                 "operationId": "readJournal",
                                                 "parameters": [
                                                                 {
                                                                   "name": "method",
                                                                   "in": "query",
                                                                   "schema": {"type": "string"}
                                                                 },
                                                                 {
                                                                   "name": "path",
                                                                   "in": "query",
                                                                   "description": "A path or pattern: /speakers/:id, /images/*.",
                                                                   "schema": {"type": "string"}
                                                                 },
                                                                 {
                                                                   "name": "query",
                                                                   "in": "query",
                                                                   "description": "name=value; repeatable.",
                                                                   "schema": {"type": "string"}
                                                                 },
                                                                 {
                                                                   "name": "header",
                                                                   "in": "query",
                                                                   "description": "Name: value; repeatable.",
                                                                   "schema": {"type": "string"}
                                                                 },
                                                                 {
                                                                   "name": "body",
                                                                   "in": "query",
                                                                   "description": "A JSON body field by key path, user.name=ada; repeatable.",
                                                                   "schema": {"type": "string"}
                                                                 },
                                                                 {
                                                                   "name": "since",
                                                                   "in": "query",
                                                                   "schema": {
                                                                               "type": "string",
                                                                               "format": "date-time"
                                                                             }
                                                                 },
                                                                 {
                                                                   "name": "until",
                                                                   "in": "query",
                                                                   "schema": {
                                                                               "type": "string",
                                                                               "format": "date-time"
                                                                             }
                                                                 }
                                                               ],
                                                 "responses": {
                                                                "200": {
                                                                         "description": "The requests received that the filters select, oldest first.",
                                                                         "content": {
                                                                                      "application/json": {
                                                                                                            "schema": {
                                                                                                                        "$ref": "#/components/schemas/Journal"
                                                                                                                      }
                                                                                                          }
                                                                                    }
                                                                       },
                                                                "400": {
                                                                         "$ref": "#/components/responses/Refused"
                                                                       },
                                                                "403": {
                                                                         "$ref": "#/components/responses/Refused"
                                                                       },
                                                                "405": {
                                                                         "$ref": "#/components/responses/Refused"
                                                                       }
                                                              }
                                               },
                                        "delete": {
                                                    "operationId": "clearJournal",
                                                    "responses": {
                                                                   "204": {"description": "Emptied."},
                                                                   "403": {
                                                                            "$ref": "#/components/responses/Refused"
                                                                          },
                                                                   "405": {
                                                                            "$ref": "#/components/responses/Refused"
                                                                          }
                                                                 }
                                                  }
                                      },
                   "/__yaia/count": {
                                      "post": {
                                                "operationId": "countRequests",
                                                "requestBody": {
                                                                 "required": true,
                                                                 "content": {
                                                                              "application/json": {
                                                                                                    "schema": {
                                                                                                                "$ref": "#/components/schemas/RequestPattern"
                                                                                                              }
                                                                                                  }
                                                                            }
                                                               },
                                                "responses": {
                                                               "200": {
                                                                        "description": "How many requests were like the pattern.",
                                                                        "content": {
                                                                                     "application/json": {
                                                                                                           "schema": {
                                                                                                                       "$ref": "#/components/schemas/Count"
                                                                                                                     }
                                                                                                         }
                                                                                   }
                                                                      },
                                                               "400": {
                                                                        "$ref": "#/components/responses/Refused"
                                                                      },
                                                               "403": {
                                                                        "$ref": "#/components/responses/Refused"
                                                                      },
                                                               "405": {
                                                                        "$ref": "#/components/responses/Refused"
                                                                      },
                                                               "413": {
                                                                        "$ref": "#/components/responses/Refused"
                                                                      },
                                                               "415": {
                                                                        "$ref": "#/components/responses/Refused"
                                                                      }
                                                             }
                                              }
                                    },
                   "/__yaia/verify": {
                                       "post": {
                                                 "operationId": "verifyRequests",
                                                 "requestBody": {
                                                                  "required": true,
                                                                  "content": {
                                                                               "application/json": {
                                                                                                     "schema": {
                                                                                                                 "$ref": "#/components/schemas/Verification"
                                                                                                               }
                                                                                                   }
                                                                             }
                                                                },
                                                 "responses": {
                                                                "200": {
                                                                         "description": "The count is right.",
                                                                         "content": {
                                                                                      "application/json": {
                                                                                                            "schema": {
                                                                                                                        "$ref": "#/components/schemas/VerificationResult"
                                                                                                                      }
                                                                                                          }
                                                                                    }
                                                                       },
                                                                "400": {
                                                                         "$ref": "#/components/responses/Refused"
                                                                       },
                                                                "403": {
                                                                         "$ref": "#/components/responses/Refused"
                                                                       },
                                                                "405": {
                                                                         "$ref": "#/components/responses/Refused"
                                                                       },
                                                                "413": {
                                                                         "$ref": "#/components/responses/Refused"
                                                                       },
                                                                "415": {
                                                                         "$ref": "#/components/responses/Refused"
                                                                       },
                                                                "422": {
                                                                         "description": "The count is wrong: the closest requests, and how each differs.",
                                                                         "content": {
                                                                                      "application/json": {
                                                                                                            "schema": {
                                                                                                                        "$ref": "#/components/schemas/VerificationResult"
                                                                                                                      }
                                                                                                          }
                                                                                    }
                                                                       }
                                                              }
                                               }
                                     },
                   "/__yaia/near-misses": {
                                            "get": {
                                                     "operationId": "nearMisses",
                                                     "responses": {
                                                                    "200": {
                                                                             "description": "The last 50 requests no route answered, each with the closest routes and why each did not.",
                                                                             "content": {
                                                                                          "application/json": {
                                                                                                                "schema": {
                                                                                                                            "$ref": "#/components/schemas/NearMisses"
                                                                                                                          }
                                                                                                              }
                                                                                        }
                                                                           },
                                                                    "403": {
                                                                             "$ref": "#/components/responses/Refused"
                                                                           },
                                                                    "405": {
                                                                             "$ref": "#/components/responses/Refused"
                                                                           }
                                                                  }
                                                   }
                                          },
                   "/__yaia/stubs": {
                                      "get": {
                                               "operationId": "listStubs",
                                               "responses": {
                                                              "200": {
                                                                       "description": "The stubs added and replaced at run time, and the routes removed.",
                                                                       "content": {
                                                                                    "application/json": {
                                                                                                          "schema": {
                                                                                                                      "$ref": "#/components/schemas/Stubs"
                                                                                                                    }
                                                                                                        }
                                                                                  }
                                                                     },
                                                              "403": {
                                                                       "$ref": "#/components/responses/Refused"
                                                                     },
                                                              "405": {
                                                                       "$ref": "#/components/responses/Refused"
                                                                     }
                                                            }
                                             },
                                      "post": {
                                                "operationId": "addStub",
                                                "requestBody": {
                                                                 "required": true,
                                                                 "content": {
                                                                              "application/json": {
                                                                                                    "schema": {
                                                                                                                "$ref": "#/components/schemas/Route"
                                                                                                              }
                                                                                                  }
                                                                            }
                                                               },
                                                "responses": {
                                                               "201": {
                                                                        "description": "Added, tried before every other route.",
                                                                        "content": {
                                                                                     "application/json": {
                                                                                                           "schema": {
                                                                                                                       "$ref": "#/components/schemas/Stubs"
                                                                                                                     }
                                                                                                         }
                                                                                   }
                                                                      },
                                                               "400": {
                                                                        "$ref": "#/components/responses/Refused"
                                                                      },
                                                               "403": {
                                                                        "$ref": "#/components/responses/Refused"
                                                                      },
                                                               "405": {
                                                                        "$ref": "#/components/responses/Refused"
                                                                      },
                                                               "409": {
                                                                        "$ref": "#/components/responses/Refused"
                                                                      },
                                                               "413": {
                                                                        "$ref": "#/components/responses/Refused"
                                                                      },
                                                               "415": {
                                                                        "$ref": "#/components/responses/Refused"
                                                                      },
                                                               "422": {
                                                                        "$ref": "#/components/responses/Refused"
                                                                      },
                                                               "507": {
                                                                        "$ref": "#/components/responses/Refused"
                                                                      }
                                                             }
                                              },
                                      "delete": {
                                                  "operationId": "removeStubs",
                                                  "responses": {
                                                                 "204": {
                                                                          "description": "The routes are the manifest's again."
                                                                        },
                                                                 "403": {
                                                                          "$ref": "#/components/responses/Refused"
                                                                        },
                                                                 "405": {
                                                                          "$ref": "#/components/responses/Refused"
                                                                        }
                                                               }
                                                }
                                    },
                   "/__yaia/stubs/{name}": {
                                             "parameters": [
                                                             {
                                                               "name": "name",
                                                               "in": "path",
                                                               "required": true,
                                                               "schema": {"type": "string"}
                                                             }
                                                           ],
                                             "put": {
                                                      "operationId": "replaceRoute",
                                                      "requestBody": {
                                                                       "required": true,
                                                                       "content": {
                                                                                    "application/json": {
                                                                                                          "schema": {
                                                                                                                      "$ref": "#/components/schemas/Route"
                                                                                                                    }
                                                                                                        }
                                                                                  }
                                                                     },
                                                      "responses": {
                                                                     "200": {
                                                                              "description": "Replaced, in memory.",
                                                                              "content": {
                                                                                           "application/json": {
                                                                                                                 "schema": {
                                                                                                                             "$ref": "#/components/schemas/Stubs"
                                                                                                                           }
                                                                                                               }
                                                                                         }
                                                                            },
                                                                     "400": {
                                                                              "$ref": "#/components/responses/Refused"
                                                                            },
                                                                     "403": {
                                                                              "$ref": "#/components/responses/Refused"
                                                                            },
                                                                     "404": {
                                                                              "$ref": "#/components/responses/Refused"
                                                                            },
                                                                     "405": {
                                                                              "$ref": "#/components/responses/Refused"
                                                                            },
                                                                     "409": {
                                                                              "$ref": "#/components/responses/Refused"
                                                                            },
                                                                     "413": {
                                                                              "$ref": "#/components/responses/Refused"
                                                                            },
                                                                     "415": {
                                                                              "$ref": "#/components/responses/Refused"
                                                                            },
                                                                     "422": {
                                                                              "$ref": "#/components/responses/Refused"
                                                                            },
                                                                     "507": {
                                                                              "$ref": "#/components/responses/Refused"
                                                                            }
                                                                   }
                                                    },
                                             "delete": {
                                                         "operationId": "removeRoute",
                                                         "responses": {
                                                                        "204": {
                                                                                 "description": "Removed, in memory."
                                                                               },
                                                                        "400": {
                                                                                 "$ref": "#/components/responses/Refused"
                                                                               },
                                                                        "403": {
                                                                                 "$ref": "#/components/responses/Refused"
                                                                               },
                                                                        "404": {
                                                                                 "$ref": "#/components/responses/Refused"
                                                                               },
                                                                        "405": {
                                                                                 "$ref": "#/components/responses/Refused"
                                                                               }
                                                                      }
                                                       }
                                           },
                   "/__yaia/recording": {
                                          "get": {
                                                   "operationId": "recordingSnapshot",
                                                   "responses": {
                                                                  "200": {
                                                                           "description": "What the recording holds.",
                                                                           "content": {
                                                                                        "application/json": {
                                                                                                              "schema": {
                                                                                                                          "$ref": "#/components/schemas/Recording"
                                                                                                                        }
                                                                                                            }
                                                                                      }
                                                                         },
                                                                  "403": {
                                                                           "$ref": "#/components/responses/Refused"
                                                                         },
                                                                  "404": {
                                                                           "$ref": "#/components/responses/Refused"
                                                                         },
                                                                  "405": {
                                                                           "$ref": "#/components/responses/Refused"
                                                                         }
                                                                }
                                                 },
                                          "post": {
                                                    "operationId": "startRecording",
                                                    "responses": {
                                                                   "201": {
                                                                            "description": "Started, empty.",
                                                                            "content": {
                                                                                         "application/json": {
                                                                                                               "schema": {
                                                                                                                           "$ref": "#/components/schemas/Recording"
                                                                                                                         }
                                                                                                             }
                                                                                       }
                                                                          },
                                                                   "403": {
                                                                            "$ref": "#/components/responses/Refused"
                                                                          },
                                                                   "405": {
                                                                            "$ref": "#/components/responses/Refused"
                                                                          },
                                                                   "409": {
                                                                            "$ref": "#/components/responses/Refused"
                                                                          }
                                                                 }
                                                  },
                                          "delete": {
                                                      "operationId": "stopRecording",
                                                      "responses": {
                                                                     "200": {
                                                                              "description": "Stopped; what it holds.",
                                                                              "content": {
                                                                                           "application/json": {
                                                                                                                 "schema": {
                                                                                                                             "$ref": "#/components/schemas/Recording"
                                                                                                                           }
                                                                                                               }
                                                                                         }
                                                                            },
                                                                     "403": {
                                                                              "$ref": "#/components/responses/Refused"
                                                                            },
                                                                     "404": {
                                                                              "$ref": "#/components/responses/Refused"
                                                                            },
                                                                     "405": {
                                                                              "$ref": "#/components/responses/Refused"
                                                                            }
                                                                   }
                                                    }
                                        },
                   "/__yaia/reset": {
                                      "post": {
                                                "operationId": "reset",
                                                "responses": {
                                                               "204": {
                                                                        "description": "Sequences, states and the journal start again."
                                                                      },
                                                               "403": {
                                                                        "$ref": "#/components/responses/Refused"
                                                                      },
                                                               "405": {
                                                                        "$ref": "#/components/responses/Refused"
                                                                      }
                                                             }
                                              }
                                    },
                   "/__yaia/scenario": {
                                         "get": {
                                                  "operationId": "readScenario",
                                                  "responses": {
                                                                 "200": {
                                                                          "$ref": "#/components/responses/Scenario"
                                                                        },
                                                                 "403": {
                                                                          "$ref": "#/components/responses/Refused"
                                                                        },
                                                                 "405": {
                                                                          "$ref": "#/components/responses/Refused"
                                                                        }
                                                               }
                                                },
                                         "put": {
                                                  "operationId": "setScenario",
                                                  "requestBody": {
                                                                   "required": true,
                                                                   "content": {
                                                                                "application/json": {
                                                                                                      "schema": {
                                                                                                                  "$ref": "#/components/schemas/Scenario"
                                                                                                                }
                                                                                                    }
                                                                              }
                                                                 },
                                                  "responses": {
                                                                 "200": {
                                                                          "$ref": "#/components/responses/Scenario"
                                                                        },
                                                                 "400": {
                                                                          "$ref": "#/components/responses/Refused"
                                                                        },
                                                                 "403": {
                                                                          "$ref": "#/components/responses/Refused"
                                                                        },
                                                                 "405": {
                                                                          "$ref": "#/components/responses/Refused"
                                                                        },
                                                                 "413": {
                                                                          "$ref": "#/components/responses/Refused"
                                                                        },
                                                                 "415": {
                                                                          "$ref": "#/components/responses/Refused"
                                                                        },
                                                                 "422": {
                                                                          "$ref": "#/components/responses/Refused"
                                                                        }
                                                               }
                                                },
                                         "delete": {
                                                     "operationId": "clearScenario",
                                                     "responses": {
                                                                    "200": {
                                                                             "$ref": "#/components/responses/Scenario"
                                                                           },
                                                                    "403": {
                                                                             "$ref": "#/components/responses/Refused"
                                                                           },
                                                                    "405": {
                                                                             "$ref": "#/components/responses/Refused"
                                                                           }
                                                                  }
                                                   }
                                       },
                   "/__yaia/states": {
                                       "get": {
                                                "operationId": "readStates",
                                                "responses": {
                                                               "200": {
                                                                        "$ref": "#/components/responses/States"
                                                                      },
                                                               "403": {
                                                                        "$ref": "#/components/responses/Refused"
                                                                      },
                                                               "405": {
                                                                        "$ref": "#/components/responses/Refused"
                                                                      }
                                                             }
                                              },
                                       "put": {
                                                "operationId": "setStates",
                                                "requestBody": {
                                                                 "required": true,
                                                                 "content": {
                                                                              "application/json": {
                                                                                                    "schema": {
                                                                                                                "$ref": "#/components/schemas/States"
                                                                                                              }
                                                                                                  }
                                                                            }
                                                               },
                                                "responses": {
                                                               "200": {
                                                                        "$ref": "#/components/responses/States"
                                                                      },
                                                               "400": {
                                                                        "$ref": "#/components/responses/Refused"
                                                                      },
                                                               "403": {
                                                                        "$ref": "#/components/responses/Refused"
                                                                      },
                                                               "405": {
                                                                        "$ref": "#/components/responses/Refused"
                                                                      },
                                                               "413": {
                                                                        "$ref": "#/components/responses/Refused"
                                                                      },
                                                               "415": {
                                                                        "$ref": "#/components/responses/Refused"
                                                                      },
                                                               "422": {
                                                                        "$ref": "#/components/responses/Refused"
                                                                      }
                                                             }
                                              },
                                       "delete": {
                                                   "operationId": "restartStates",
                                                   "responses": {
                                                                  "200": {
                                                                           "$ref": "#/components/responses/States"
                                                                         },
                                                                  "403": {
                                                                           "$ref": "#/components/responses/Refused"
                                                                         },
                                                                  "405": {
                                                                           "$ref": "#/components/responses/Refused"
                                                                         }
                                                                }
                                                 }
                                     },
                   "/__yaia/openapi.json": {
                                             "get": {
                                                      "operationId": "description",
                                                      "responses": {
                                                                     "200": {
                                                                              "description": "This document.",
                                                                              "content": {
                                                                                           "application/json": {
                                                                                                                 "schema": {
                                                                                                                             "type": "object"
                                                                                                                           }
                                                                                                               }
                                                                                         }
                                                                            },
                                                                     "403": {
                                                                              "$ref": "#/components/responses/Refused"
                                                                            },
                                                                     "405": {
                                                                              "$ref": "#/components/responses/Refused"
                                                                            }
                                                                   }
                                                    }
                                           }
                 },
        "components": {
                        "responses": {
                                       "Refused": {
                                                    "description": "Refused, and why.",
                                                    "content": {
                                                                 "application/json": {
                                                                                       "schema": {
                                                                                                   "$ref": "#/components/schemas/Error"
                                                                                                 }
                                                                                     }
                                                               }
                                                  },
                                       "Scenario": {
                                                     "description": "The server-wide scenario.",
                                                     "content": {
                                                                  "application/json": {
                                                                                        "schema": {
                                                                                                    "$ref": "#/components/schemas/Scenario"
                                                                                                  }
                                                                                      }
                                                                }
                                                   },
                                       "States": {
                                                   "description": "Every state machine's state.",
                                                   "content": {
                                                                "application/json": {
                                                                                      "schema": {
                                                                                                  "$ref": "#/components/schemas/States"
                                                                                                }
                                                                                    }
                                                              }
                                                 }
                                     },
                        "schemas": {
                                     "Error": {
                                                "type": "object",
                                                "required": ["error"],
                                                "properties": {"error": {"type": "string"}}
                                              },
                                     "Scenario": {
                                                   "type": "object",
                                                   "required": ["scenario"],
                                                   "properties": {
                                                                   "scenario": {
                                                                                 "type": "string",
                                                                                 "nullable": true
                                                                               }
                                                                 }
                                                 },
                                     "States": {
                                                 "type": "object",
                                                 "required": ["states"],
                                                 "properties": {
                                                                 "states": {
                                                                             "type": "object",
                                                                             "additionalProperties": {
                                                                                                       "type": "string",
                                                                                                       "nullable": true
                                                                                                     }
                                                                           }
                                                               }
                                               },
                                     "Routes": {
                                                 "type": "object",
                                                 "required": ["routes"],
                                                 "properties": {
                                                                 "routes": {
                                                                             "type": "array",
                                                                             "items": {
                                                                                        "type": "object",
                                                                                        "required": [
                                                                                                      "name",
                                                                                                      "source",
                                                                                                      "path",
                                                                                                      "scenarios"
                                                                                                    ],
                                                                                        "properties": {
                                                                                                        "name": {
                                                                                                                  "type": "string"
                                                                                                                },
                                                                                                        "source": {
                                                                                                                    "type": "string",
                                                                                                                    "enum": [
                                                                                                                              "manifest",
                                                                                                                              "stub"
                                                                                                                            ]
                                                                                                                  },
                                                                                                        "method": {
                                                                                                                    "type": "string"
                                                                                                                  },
                                                                                                        "path": {
                                                                                                                  "type": "string"
                                                                                                                },
                                                                                                        "scenarios": {
                                                                                                                       "type": "array",
                                                                                                                       "items": {
                                                                                                                                  "type": "string"
                                                                                                                                }
                                                                                                                     },
                                                                                                        "requiresState": {
                                                                                                                           "type": "string"
                                                                                                                         },
                                                                                                        "setsState": {
                                                                                                                       "type": "string"
                                                                                                                     }
                                                                                                      }
                                                                                      }
                                                                           }
                                                               }
                                               },
                                     "Journal": {
                                                  "type": "object",
                                                  "required": ["entries", "dropped"],
                                                  "properties": {
                                                                  "dropped": {
                                                                               "type": "integer",
                                                                               "minimum": 0
                                                                             },
                                                                  "entries": {
                                                                               "type": "array",
                                                                               "items": {
                                                                                          "type": "object",
                                                                                          "required": [
                                                                                                        "time",
                                                                                                        "method",
                                                                                                        "path",
                                                                                                        "query",
                                                                                                        "headers",
                                                                                                        "bodyBytes",
                                                                                                        "status",
                                                                                                        "closest"
                                                                                                      ],
                                                                                          "properties": {
                                                                                                          "time": {
                                                                                                                    "type": "string",
                                                                                                                    "format": "date-time"
                                                                                                                  },
                                                                                                          "method": {
                                                                                                                      "type": "string"
                                                                                                                    },
                                                                                                          "path": {
                                                                                                                    "type": "string"
                                                                                                                  },
                                                                                                          "query": {
                                                                                                                     "type": "string"
                                                                                                                   },
                                                                                                          "headers": {
                                                                                                                       "type": "array",
                                                                                                                       "items": {
                                                                                                                                  "type": "array",
                                                                                                                                  "items": {
                                                                                                                                             "type": "string"
                                                                                                                                           },
                                                                                                                                  "minItems": 2,
                                                                                                                                  "maxItems": 2
                                                                                                                                }
                                                                                                                     },
                                                                                                          "body": {
                                                                                                                    "type": "string"
                                                                                                                  },
                                                                                                          "bodyBytes": {
                                                                                                                         "type": "integer",
                                                                                                                         "minimum": 0
                                                                                                                       },
                                                                                                          "route": {
                                                                                                                     "type": "string"
                                                                                                                   },
                                                                                                          "scenario": {
                                                                                                                        "type": "string"
                                                                                                                      },
                                                                                                          "status": {
                                                                                                                      "type": "integer"
                                                                                                                    },
                                                                                                          "closest": {
                                                                                                                       "type": "array",
                                                                                                                       "items": {
                                                                                                                                  "type": "string"
                                                                                                                                }
                                                                                                                     }
                                                                                                        }
                                                                                        }
                                                                             }
                                                                }
                                                },
                                     "RequestPattern": {
                                                         "type": "object",
                                                         "additionalProperties": false,
                                                         "properties": {
                                                                         "method": {"type": "string"},
                                                                         "path": {"type": "string"},
                                                                         "query": {
                                                                                    "type": "object",
                                                                                    "additionalProperties": {
                                                                                                              "type": "string"
                                                                                                            }
                                                                                  },
                                                                         "headers": {
                                                                                      "type": "object",
                                                                                      "additionalProperties": {
                                                                                                                "type": "string"
                                                                                                              }
                                                                                    },
                                                                         "body": {
                                                                                   "type": "object",
                                                                                   "additionalProperties": {
                                                                                                             "anyOf": [
                                                                                                                        {
                                                                                                                          "type": "string",
                                                                                                                          "nullable": true
                                                                                                                        },
                                                                                                                        {
                                                                                                                          "type": "number"
                                                                                                                        },
                                                                                                                        {
                                                                                                                          "type": "boolean"
                                                                                                                        }
                                                                                                                      ]
                                                                                                           }
                                                                                 },
                                                                         "since": {
                                                                                    "type": "string",
                                                                                    "format": "date-time"
                                                                                  },
                                                                         "until": {
                                                                                    "type": "string",
                                                                                    "format": "date-time"
                                                                                  }
                                                                       }
                                                       },
                                     "Verification": {
                                                       "type": "object",
                                                       "additionalProperties": false,
                                                       "properties": {
                                                                       "method": {"type": "string"},
                                                                       "path": {"type": "string"},
                                                                       "query": {
                                                                                  "type": "object",
                                                                                  "additionalProperties": {
                                                                                                            "type": "string"
                                                                                                          }
                                                                                },
                                                                       "headers": {
                                                                                    "type": "object",
                                                                                    "additionalProperties": {
                                                                                                              "type": "string"
                                                                                                            }
                                                                                  },
                                                                       "body": {
                                                                                 "type": "object",
                                                                                 "additionalProperties": {
                                                                                                           "anyOf": [
                                                                                                                      {
                                                                                                                        "type": "string",
                                                                                                                        "nullable": true
                                                                                                                      },
                                                                                                                      {
                                                                                                                        "type": "number"
                                                                                                                      },
                                                                                                                      {
                                                                                                                        "type": "boolean"
                                                                                                                      }
                                                                                                                    ]
                                                                                                         }
                                                                               },
                                                                       "since": {
                                                                                  "type": "string",
                                                                                  "format": "date-time"
                                                                                },
                                                                       "until": {
                                                                                  "type": "string",
                                                                                  "format": "date-time"
                                                                                },
                                                                       "exactly": {
                                                                                    "type": "integer",
                                                                                    "minimum": 0,
                                                                                    "maximum": 1000000
                                                                                  },
                                                                       "atLeast": {
                                                                                    "type": "integer",
                                                                                    "minimum": 0,
                                                                                    "maximum": 1000000
                                                                                  },
                                                                       "never": {
                                                                                  "type": "boolean",
                                                                                  "enum": [true]
                                                                                }
                                                                     }
                                                     },
                                     "Count": {
                                                "type": "object",
                                                "required": ["count", "received", "dropped"],
                                                "properties": {
                                                                "count": {
                                                                           "type": "integer",
                                                                           "minimum": 0
                                                                         },
                                                                "received": {
                                                                              "type": "integer",
                                                                              "minimum": 0
                                                                            },
                                                                "dropped": {
                                                                             "type": "integer",
                                                                             "minimum": 0
                                                                           }
                                                              }
                                              },
                                     "VerificationResult": {
                                                             "type": "object",
                                                             "required": [
                                                                           "verified",
                                                                           "expected",
                                                                           "count",
                                                                           "matched",
                                                                           "received",
                                                                           "dropped",
                                                                           "closest"
                                                                         ],
                                                             "properties": {
                                                                             "verified": {
                                                                                           "type": "boolean"
                                                                                         },
                                                                             "expected": {
                                                                                           "type": "string"
                                                                                         },
                                                                             "count": {
                                                                                        "type": "string"
                                                                                      },
                                                                             "matched": {
                                                                                          "type": "integer",
                                                                                          "minimum": 0
                                                                                        },
                                                                             "received": {
                                                                                           "type": "integer",
                                                                                           "minimum": 0
                                                                                         },
                                                                             "dropped": {
                                                                                          "type": "integer",
                                                                                          "minimum": 0
                                                                                        },
                                                                             "failure": {
                                                                                          "type": "string"
                                                                                        },
                                                                             "closest": {
                                                                                          "type": "array",
                                                                                          "items": {
                                                                                                     "type": "object",
                                                                                                     "required": [
                                                                                                                   "position",
                                                                                                                   "request",
                                                                                                                   "differences"
                                                                                                                 ],
                                                                                                     "properties": {
                                                                                                                     "position": {
                                                                                                                                   "type": "integer",
                                                                                                                                   "minimum": 1
                                                                                                                                 },
                                                                                                                     "request": {
                                                                                                                                  "type": "string"
                                                                                                                                },
                                                                                                                     "differences": {
                                                                                                                                      "type": "array",
                                                                                                                                      "items": {
                                                                                                                                                 "type": "string"
                                                                                                                                               }
                                                                                                                                    }
                                                                                                                   }
                                                                                                   }
                                                                                        }
                                                                           }
                                                           },
                                     "NearMisses": {
                                                     "type": "object",
                                                     "required": ["unmatched"],
                                                     "properties": {
                                                                     "unmatched": {
                                                                                    "type": "array",
                                                                                    "items": {
                                                                                               "type": "object",
                                                                                               "required": [
                                                                                                             "time",
                                                                                                             "request",
                                                                                                             "nearMisses"
                                                                                                           ],
                                                                                               "properties": {
                                                                                                               "time": {
                                                                                                                         "type": "string",
                                                                                                                         "format": "date-time"
                                                                                                                       },
                                                                                                               "request": {
                                                                                                                            "type": "string"
                                                                                                                          },
                                                                                                               "nearMisses": {
                                                                                                                               "type": "array",
                                                                                                                               "items": {
                                                                                                                                          "type": "object",
                                                                                                                                          "required": [
                                                                                                                                                        "route",
                                                                                                                                                        "reason"
                                                                                                                                                      ],
                                                                                                                                          "properties": {
                                                                                                                                                          "route": {
                                                                                                                                                                     "type": "string"
                                                                                                                                                                   },
                                                                                                                                                          "reason": {
                                                                                                                                                                      "type": "string"
                                                                                                                                                                    }
                                                                                                                                                        }
                                                                                                                                        }
                                                                                                                             }
                                                                                                             }
                                                                                             }
                                                                                  }
                                                                   }
                                                   },
                                     "Route": {
                                                "type": "object",
                                                "required": ["path"],
                                                "description": "One route as a manifest writes it (see MockManifest): method, path, name, query, exact-query, headers, body, response, sequence, scenarios, requires-state, sets-state, credential.",
                                                "properties": {
                                                                "method": {"type": "string"},
                                                                "path": {"type": "string"},
                                                                "name": {"type": "string"},
                                                                "response": {"type": "object"}
                                                              }
                                              },
                                     "Stubs": {
                                                "type": "object",
                                                "required": ["routes", "added", "replaced", "removed"],
                                                "properties": {
                                                                "routes": {
                                                                            "type": "array",
                                                                            "items": {
                                                                                       "$ref": "#/components/schemas/Route"
                                                                                     }
                                                                          },
                                                                "added": {
                                                                           "type": "array",
                                                                           "items": {"type": "string"}
                                                                         },
                                                                "replaced": {
                                                                              "type": "array",
                                                                              "items": {
                                                                                         "type": "string"
                                                                                       }
                                                                            },
                                                                "removed": {
                                                                             "type": "array",
                                                                             "items": {
                                                                                        "type": "string"
                                                                                      }
                                                                           }
                                                              }
                                              },
                                     "Recording": {
                                                    "type": "object",
                                                    "required": [
                                                                  "recording",
                                                                  "routes",
                                                                  "manifest",
                                                                  "files",
                                                                  "problems",
                                                                  "moreProblems"
                                                                ],
                                                    "properties": {
                                                                    "recording": {"type": "boolean"},
                                                                    "routes": {
                                                                                "type": "integer",
                                                                                "minimum": 0
                                                                              },
                                                                    "manifest": {"type": "string"},
                                                                    "files": {
                                                                               "type": "array",
                                                                               "items": {
                                                                                          "type": "object",
                                                                                          "required": [
                                                                                                        "name"
                                                                                                      ],
                                                                                          "properties": {
                                                                                                          "name": {
                                                                                                                    "type": "string"
                                                                                                                  },
                                                                                                          "text": {
                                                                                                                    "type": "string"
                                                                                                                  },
                                                                                                          "base64": {
                                                                                                                      "type": "string"
                                                                                                                    }
                                                                                                        }
                                                                                        }
                                                                             },
                                                                    "problems": {
                                                                                  "type": "array",
                                                                                  "items": {
                                                                                             "type": "string"
                                                                                           }
                                                                                },
                                                                    "moreProblems": {
                                                                                      "type": "integer",
                                                                                      "minimum": 0
                                                                                    }
                                                                  }
                                                  }
                                   }
                      }
      }
      """#
  }
#endif
