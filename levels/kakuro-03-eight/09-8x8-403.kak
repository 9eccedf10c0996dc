kakuro
title "Eight 9"
by "Hanjie generator"
license MIT
difficulty 3
seed 403
size 8x8

grid
#     #     #     #     #     #     21\   22\
#     #     #     #     #     19\3  .     .
#     #     #     #     \13   .     .     .
#     #     #     #     13\6  .     .     .
#     #     23\   24\17 .     .     .     .
#     3\33  .     .     .     .     .     #
\27   .     .     .     .     .     .     #
\26   .     .     .     .     #     #     #

solution
# # # # # # # #
# # # # # # 1 2
# # # # # 2 3 8
# # # # # 1 2 3
# # # # 1 3 4 9
# # 8 7 3 9 6 #
# 1 6 9 2 4 5 #
# 2 9 8 7 # # #
