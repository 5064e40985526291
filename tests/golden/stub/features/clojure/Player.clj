(ns Player
  (:gen-class)
  (:require [clojure.string :as str]))

; A stub that uses every construct of the language,
; so that the golden files pin each emitter's handling of it.

(defn -main [& args]
  ; width: grid width
  ; playerName: your name (may hold spaces)
  ; ready: 1 when ready
  (let [inputs (str/split (read-line) #" ")
        width (Integer/parseInt (inputs 0))
        height (Integer/parseInt (inputs 1))
        playerName (read-line)
        inputs (str/split (read-line) #" ")
        seed (Long/parseLong (inputs 0))
        ratio (Double/parseDouble (inputs 1))
        ready (not= (inputs 2) "0")]
    (dotimes [_ height]
      ; row: one grid row
      (let [row (read-line)]))
    (let [inputs (str/split (read-line) #" " 3)
          count (Integer/parseInt (inputs 0))
          label (inputs 1)
          caption (inputs 2)]
      (let [inputs (str/split (read-line) #" ")]
        (dotimes [i count]
          ; x: a column
          (let [x (Integer/parseInt (inputs (* 2 i)))
                y (Integer/parseInt (inputs (+ (* 2 i) 1)))])))
      (let [inputs (str/split (read-line) #" ")]
        (dotimes [i width]
          (let [cell (inputs i)])))
      ; game loop
      (while true
        ; turns: how many turns follow
        (let [turns (Integer/parseInt (read-line))]
          (dotimes [_ turns]
            (dotimes [_ 2]
              (let [inputs (str/split (read-line) #" ")
                    a (Integer/parseInt (inputs 0))
                    b (Double/parseDouble (inputs 1))])))
          (dotimes [_ 2]
            (let [count (Integer/parseInt (read-line))]))
          (dotimes [_ 2]

            ; Write an answer with println (it flushes).
            ; To debug: (binding [*out* *err*] (println "Debug messages..."))
            ; Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 (docs/metrics.md).

            ; MOVE <turns> <label> <ratio> <ready>
            (println "hello \"world\" {1}"))
          (println (str "MOVE " turns " " label " " ratio " " ready)))))))
