(* Lines of Action: join all your checkers into one connected group (neighbours *)
(* touch by a side or a corner) before your opponent does. Each turn, answer one *)
(* of the legal moves you are given, or random. *)

let () =
  let color = input_line stdin in (* your colour, b (black, moves first) or w (white); first turn only *)

  (* game loop *)
  while true do
    for i = 0 to 8 - 1 do
      let line = input_line stdin in (* one board row, rank 8 first, files a to h: . empty, b black, w white *)
      ()
    done;
    let last_move = input_line stdin in (* the last move played (such as e2e3), pass, or null before any move *)
    let move_count = int_of_string (input_line stdin) in (* how many legal moves follow *)
    for i = 0 to move_count - 1 do
      let move = input_line stdin in (* one legal move such as e2e3 (pass when you have no move) *)
      ()
    done;

    (* Write an answer with print_endline (it flushes). *)
    (* To debug: prerr_endline "Debug message"; *)
    (* Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md). *)

    (* A legal move such as e2e3 (a space and a short comment may follow), or random *)
    print_endline "random";
    ()
  done
