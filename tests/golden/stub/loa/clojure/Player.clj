(ns Player
  (:gen-class)
  (:require [clojure.string :as str]))

; Lines of Action: join all your checkers into one connected group (neighbours
; touch by a side or a corner) before your opponent does. Each turn, answer one
; of the legal moves you are given, or random.

(defn -main [& args]
  ; color: your colour, b (black, moves first) or w (white); first turn only
  (let [color (read-line)]
    ; game loop
    (while true
      (dotimes [_ 8]
        ; line: one board row, rank 8 first, files a to h: . empty, b black, w white
        (let [line (read-line)]))
      ; lastMove: the last move played (such as e2e3), pass, or null before any move
      ; moveCount: how many legal moves follow
      (let [lastMove (read-line)
            moveCount (Integer/parseInt (read-line))]
        (dotimes [_ moveCount]
          ; move: one legal move such as e2e3 (pass when you have no move)
          (let [move (read-line)]))

        ; Write an answer with println (it flushes).
        ; To debug: (binding [*out* *err*] (println "Debug messages..."))
        ; Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

        ; A legal move such as e2e3 (a space and a short comment may follow), or random
        (println "random")))))
