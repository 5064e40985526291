(* A stub that uses every construct of the language, *)
(* so that the golden files pin each emitter's handling of it. *)

let () =
  let inputs = String.split_on_char ' ' (input_line stdin) in
  let width = int_of_string (List.nth inputs 0) in (* grid width *)
  let height = int_of_string (List.nth inputs 1) in
  let player_name = input_line stdin in (* your name (may hold spaces) *)
  let inputs = String.split_on_char ' ' (input_line stdin) in
  let seed = int_of_string (List.nth inputs 0) in
  let ratio = float_of_string (List.nth inputs 1) in
  let ready = (List.nth inputs 2) <> "0" in (* 1 when ready *)
  for i = 0 to height - 1 do
    let row = input_line stdin in (* one grid row *)
    ()
  done;
  let inputs = String.split_on_char ' ' (input_line stdin) in
  let count = int_of_string (List.nth inputs 0) in
  let label = List.nth inputs 1 in
  let caption = String.concat " " (List.filteri (fun k _ -> k >= 2) inputs) in
  let inputs = String.split_on_char ' ' (input_line stdin) in
  for i = 0 to count - 1 do
    let x = int_of_string (List.nth inputs (2 * i + 0)) in (* a column *)
    let y = int_of_string (List.nth inputs (2 * i + 1)) in
    ()
  done;
  let inputs = String.split_on_char ' ' (input_line stdin) in
  for i = 0 to width - 1 do
    let cell = List.nth inputs i in
    ()
  done;

  (* game loop *)
  while true do
    let turns = int_of_string (input_line stdin) in (* how many turns follow *)
    for i = 0 to turns - 1 do
      for j = 0 to 2 - 1 do
        let inputs = String.split_on_char ' ' (input_line stdin) in
        let a = int_of_string (List.nth inputs 0) in
        let b = float_of_string (List.nth inputs 1) in
        ()
      done;
      ()
    done;
    for i = 0 to 2 - 1 do
      let count = int_of_string (input_line stdin) in
      ()
    done;
    for i = 0 to 2 - 1 do

      (* Write an answer with print_endline (it flushes). *)
      (* To debug: prerr_endline "Debug message"; *)
      (* Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md). *)

      (* MOVE <turns> <label> <ratio> <ready> *)
      print_endline "hello \"world\" {1}";
      ()
    done;
    print_endline ("MOVE " ^ string_of_int turns ^ " " ^ label ^ " " ^ string_of_float ratio ^ " " ^ string_of_bool ready);
    ()
  done
